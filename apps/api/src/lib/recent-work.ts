/**
 * Work done lately, kept by key with a bound: the least recently used entry goes first. For results
 * that are costly to make and the same for the same key (a ticket's QR image, an artwork's narrow
 * copy). A cache, not state: another instance makes its own. A promise that fails is forgotten, so
 * the next request tries again.
 */
export class RecentWork<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(readonly limit: number) {}

  /** The result for `key`: the one kept, or `make()`'s, then kept. */
  get(key: string, make: () => Promise<T>): Promise<T> {
    let result = this.entries.get(key);
    if (result) {
      this.entries.delete(key);
    } else {
      result = make();
      result.catch(() => {
        if (this.entries.get(key) === result) this.entries.delete(key);
      });
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, result);
    return result;
  }

  get size(): number {
    return this.entries.size;
  }
}
