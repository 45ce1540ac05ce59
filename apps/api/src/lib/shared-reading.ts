/**
 * Work asked for again while it is under way, done once for everyone waiting (the promise-shaped
 * sibling of SharedDownloads): twenty door phones fetching one event's pack, door staff polling one
 * dashboard, the first requests for an event's poster. A request gets a result that was under way
 * when it arrived, or a fresh one; nothing is kept once it settles, and a failure fails those who
 * shared it, so the next request tries again. Per owner (an app's database: two apps in one process
 * each have their own event 1) and per instance, so nothing another instance needs is held here.
 */
export class SharedReadings<K, V> {
  private readonly byOwner = new WeakMap<object, Map<K, Promise<V>>>();

  /** The reading of `key` under way for `owner`, or `read()`'s, started now and shared until it settles. */
  read(owner: object, key: K, read: () => Promise<V>): Promise<V> {
    let underWay = this.byOwner.get(owner);
    if (!underWay) {
      underWay = new Map();
      this.byOwner.set(owner, underWay);
    }
    const running = underWay.get(key);
    if (running) return running;
    const all = underWay;
    const reading = read().finally(() => {
      if (all.get(key) === reading) all.delete(key);
    });
    underWay.set(key, reading);
    return reading;
  }
}
