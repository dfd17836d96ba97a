// Answers this isolate read before, each held with the version of the data it was read at (a count of
// the changes, kept by triggers in the database). A read sends the version it holds; when the database
// answers the same version, the held answer is still right and the rows are not read again. At most
// `max` are held; the least recently used are forgotten first. A held answer is never changed.
export class HeldByVersion<T> {
  readonly #held = new Map<string, { version: number; value: T }>();
  constructor(readonly max: number) {}

  // The answer for `key`. `read` gets the version of the answer held (-1 for none: no version is
  // negative) and answers the database's version, with how to build the answer from the rows it read;
  // the held answer stands when the two agree, else the built one is held in its place. The entry is
  // taken once, before the read: other requests may forget it while the read is out, and rows read at
  // the held version (none) are only right beside what was sent.
  async answer(key: string, read: (known: number) => Promise<{ version: number; build: () => T }>): Promise<T> {
    const held = this.#held.get(key);
    const { version, build } = await read(held?.version ?? -1);
    const value = held?.version === version ? held.value : build();
    this.#held.delete(key);
    this.#held.set(key, { version, value });
    if (this.#held.size > this.max) this.#held.delete(this.#held.keys().next().value!);
    return value;
  }
}
