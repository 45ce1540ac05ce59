import { Readable } from 'node:stream';

type Part = string | Buffer;

/**
 * Downloads made once for the requests that want the same one at the same time (issue 19: twenty
 * clients downloading one event's orders made the file twenty times over, 2-6 s each on two cores).
 * A request that arrives while the same download is being made, and its beginning is still held,
 * reads it from the start alongside the others; otherwise it starts a new one. As with the door's
 * shared reading, a request never gets data older than a download that was under way when it
 * arrived, and nothing is kept once its last reader is done: each instance shares its own.
 *
 * Memory: a download's parts are held while it can still be joined, up to `window` bytes; past that
 * nobody new joins, and each part is let go once every reader has passed it, so a single reader of
 * a huge export still holds about one part. The next part is made when a reader wants it: the
 * fastest reader sets the pace, and the parts a slower one has not sent yet wait for it.
 */
export class SharedDownloads {
  private readonly byOwner = new WeakMap<object, Map<string, Making>>();

  constructor(private readonly window: number) {}

  /**
   * A stream of the download `key` (unique within `owner`, an app), joining the one under way when
   * it can, or starting `make()`'s. `onFailure` hears once of a download that failed midway; each of
   * its readers' streams then ends in an error (a broken download, never a silently short one).
   */
  read(owner: object, key: string, make: () => AsyncIterator<Part>, onFailure: (err: unknown) => void): Readable {
    let makings = this.byOwner.get(owner);
    if (!makings) {
      makings = new Map();
      this.byOwner.set(owner, makings);
    }
    const under = makings.get(key);
    if (under?.joinable) return under.reader();
    const all = makings;
    const making: Making = new Making(make(), this.window, onFailure, () => {
      if (all.get(key) === making) all.delete(key);
    });
    makings.set(key, making);
    return making.reader();
  }

  /** How many downloads can be joined now (for the tests). */
  joinable(owner: object): number {
    return [...(this.byOwner.get(owner)?.values() ?? [])].filter((m) => m.joinable).length;
  }
}

/** One download being made: its parts so far, and where each of its readers is. */
class Making {
  private readonly parts: (Buffer | undefined)[] = [];
  private bytes = 0;
  private firstHeld = 0;
  private ended = false;
  private failed = false;
  private failure: unknown = null;
  private pulling: Promise<void> | null = null;
  private readonly readers = new Set<{ at: number }>();

  constructor(
    private readonly source: AsyncIterator<Part>,
    private readonly window: number,
    private readonly onFailure: (err: unknown) => void,
    private readonly forget: () => void,
  ) {}

  /** Still made, no part let go yet, and within the window. */
  get joinable(): boolean {
    return !this.ended && !this.failed && this.bytes <= this.window;
  }

  reader(): Readable {
    const place = { at: 0 };
    this.readers.add(place);
    const follow = async function* (this: Making): AsyncGenerator<Buffer> {
      for (;;) {
        if (place.at < this.parts.length) {
          const part = this.parts[place.at]!;
          place.at += 1;
          this.release();
          yield part;
        } else if (this.failed) {
          throw this.failure;
        } else if (this.ended) {
          return;
        } else {
          await this.pull();
        }
      }
    }.call(this);
    const stream = Readable.from(follow, { objectMode: false });
    // On 'close' (finished, failed, or the client went away, even before the first read).
    stream.once('close', () => {
      if (!this.readers.delete(place)) return;
      this.release();
      if (this.readers.size === 0) this.forget();
    });
    return stream;
  }

  /** Makes the next part, once for every reader waiting for it. */
  private pull(): Promise<void> {
    this.pulling ??= this.source
      .next()
      .then(
        (next) => {
          if (next.done) {
            this.ended = true;
            this.forget();
            return;
          }
          const part = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
          if (part.length === 0) return;
          this.parts.push(part);
          this.bytes += part.length;
          if (!this.joinable) this.forget();
        },
        (err: unknown) => {
          this.failed = true;
          this.failure = err;
          this.forget();
          this.onFailure(err);
        },
      )
      .finally(() => {
        this.pulling = null;
      });
    return this.pulling;
  }

  /** Once nobody can join, lets go of the parts every reader has passed. */
  private release() {
    if (this.joinable) return;
    let slowest = this.parts.length;
    for (const reader of this.readers) slowest = Math.min(slowest, reader.at);
    for (; this.firstHeld < slowest; this.firstHeld += 1) this.parts[this.firstHeld] = undefined;
  }
}
