/** Open anonymous sockets per client address, capped: the count goes up on join, down on close. */
export class AddressCounter {
  readonly #counts = new Map<string, number>();

  constructor(readonly cap: number) {}

  hasRoom(key: string): boolean {
    return (this.#counts.get(key) ?? 0) < this.cap;
  }

  add(key: string): void {
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  remove(key: string): void {
    const count = (this.#counts.get(key) ?? 0) - 1;
    if (count > 0) this.#counts.set(key, count);
    else this.#counts.delete(key);
  }
}
