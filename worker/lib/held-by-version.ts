// Answers this isolate read before, each held with the version of the data it was read at (a count of
// the changes, kept by triggers in the database). A read sends the version it holds; when the database
// answers the same version, the held answer is still right and the rows are not read again. At most
// `max` are held; the least recently used are forgotten first. A held answer is never changed.
export class HeldByVersion<T> {
  readonly #held = new Map<string, { version: number; value: T }>();
  constructor(readonly max: number) {}

  // The version of the answer held for `key`, or -1 (no version is negative): what a read sends.
  versionOf(key: string): number {
    return this.#held.get(key)?.version ?? -1;
  }

  // The answer at `version`: the held one when it was read at that version, else `read()`, which is
  // then held in its place.
  answer(key: string, version: number, read: () => T): T {
    const held = this.#held.get(key);
    const value = held?.version === version ? held.value : read();
    this.#held.delete(key);
    this.#held.set(key, { version, value });
    if (this.#held.size > this.max) this.#held.delete(this.#held.keys().next().value!);
    return value;
  }
}
