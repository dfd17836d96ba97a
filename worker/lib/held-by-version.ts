// Answers this isolate read before, each held with the version of the data it was read at (a count of
// the changes, kept by triggers in the database). A read sends the version it holds; when the database
// answers the same version, the held answer is still right and the rows are not read again. At most
// `max` are held; the least recently used are forgotten first. A held answer is never changed.
export type Held<T> = { version: number; value: T };

export class HeldByVersion<T> {
  readonly #held = new Map<string, Held<T>>();
  constructor(readonly max: number) {}

  // The answer held for `key`, taken before the read: other requests may forget it while the read is
  // out, and the read's rows (none at the held version) are only right beside what was sent.
  get(key: string): Held<T> | undefined {
    return this.#held.get(key);
  }

  // The version a read sends for what it holds: -1 for nothing (no version is negative).
  static versionOf(held: Held<unknown> | undefined): number {
    return held?.version ?? -1;
  }

  // The answer at `version`: the one held before the read when it was read at that version, else
  // `read()`, which is then held in its place.
  answer(key: string, held: Held<T> | undefined, version: number, read: () => T): T {
    const value = held?.version === version ? held.value : read();
    this.#held.delete(key);
    this.#held.set(key, { version, value });
    if (this.#held.size > this.max) this.#held.delete(this.#held.keys().next().value!);
    return value;
  }
}
