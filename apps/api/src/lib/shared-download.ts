import { Readable } from 'node:stream';

type Part = string | Buffer;

/**
 * What a kept download was made from, and whether that has changed since (issue 19: the orders of
 * a 10,000-ticket night took 240 ms to make again, unchanged, for each download).
 */
export interface Freshness {
  /**
   * The data's version now, taken before a making reads anything: whatever the making could miss
   * was written at or after it (the oldest transaction that may still write to the database).
   * Opaque here: only `changedSince` reads it.
   */
  version(): Promise<string>;
  /** Whether anything the download reads has been written at or after `version`. */
  changedSince(version: string): Promise<boolean>;
}

/** A finished download kept with the version it was made from. */
interface Kept {
  version: string;
  parts: Buffer[];
  bytes: number;
  keptAt: number;
  /** A check of it under way, which the requests arriving meanwhile share. */
  checking: Promise<boolean> | null;
}

/** How a download was answered: from a kept copy, by joining a making under way, or by a making of its own. */
export type DownloadAnswer = 'kept' | 'joined' | 'made';

/** How much finished downloads may be kept: bytes in all (per owner), and for how long each. */
export interface Keeping {
  bytes: number;
  ms: number;
}

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
  private readonly keptByOwner = new WeakMap<object, Map<string, Kept>>();

  /**
   * `window`: how much of a download may be made before nobody new can join it. `keeping`: how
   * much of what was made may be kept for later requests, when the caller says how to tell it is
   * still fresh (nothing kept by default).
   */
  constructor(
    private readonly window: number,
    private readonly keeping: Keeping = { bytes: 0, ms: 0 },
  ) {}

  /**
   * A stream of the download `key` (unique within `owner`, an app), joining the one under way when
   * it can, or starting `make()`'s. `onFailure` hears once of a download that failed midway; each of
   * its readers' streams then ends in an error (a broken download, never a silently short one).
   *
   * With `freshness`, a finished download within the window is kept (up to `keeping.bytes` in all,
   * least recently read let go first, each for `keeping.ms` at most) with the version taken before
   * it was made, and a later request is answered from it when nothing it was made from has changed
   * since: the check costs the database a pass over the rows' versions, not the download's making.
   * A check under way answers the requests that arrive meanwhile, as a making under way does.
   */
  read(
    owner: object,
    key: string,
    make: () => AsyncIterator<Part>,
    onFailure: (err: unknown) => void,
    freshness?: Freshness,
    onAnswer: (answer: DownloadAnswer) => void = () => {},
  ): Readable {
    if (!freshness || this.keeping.bytes === 0) return this.join(owner, key, make, onFailure, onAnswer);
    const self = this;
    const keptOrMade = async function* (): AsyncGenerator<Buffer> {
      const kept = await self.keptFresh(owner, key, freshness);
      if (kept) {
        onAnswer('kept');
        yield* kept;
        return;
      }
      yield* self.join(owner, key, () => self.madeAndKept(owner, key, make, freshness), onFailure, onAnswer);
    };
    return Readable.from(keptOrMade(), { objectMode: false });
  }

  /** How many finished downloads are kept now (for the tests). */
  kept(owner: object): number {
    return this.keptByOwner.get(owner)?.size ?? 0;
  }

  /** A kept download's parts when nothing it was made from has changed since; else null (and let go). */
  private async keptFresh(owner: object, key: string, freshness: Freshness): Promise<Buffer[] | null> {
    const all = this.keptByOwner.get(owner);
    const kept = all?.get(key);
    if (!all || !kept) return null;
    if (Date.now() - kept.keptAt > this.keeping.ms) {
      all.delete(key);
      return null;
    }
    kept.checking ??= freshness.changedSince(kept.version).finally(() => {
      kept.checking = null;
    });
    const changed = await kept.checking;
    if (all.get(key) !== kept) return changed ? null : kept.parts;
    all.delete(key);
    if (changed) return null;
    all.set(key, kept); // read last: let go last
    return kept.parts;
  }

  /** `make()`'s parts as they come, kept once all are made when they fit the window. */
  private async *madeAndKept(
    owner: object,
    key: string,
    make: () => AsyncIterator<Part>,
    freshness: Freshness,
  ): AsyncGenerator<Buffer> {
    const version = await freshness.version();
    const parts: Buffer[] = [];
    let bytes = 0;
    const source = make();
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      const part = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      bytes += part.length;
      if (bytes <= this.window) parts.push(part);
      yield part;
    }
    if (bytes <= this.window && bytes <= this.keeping.bytes) this.keep(owner, key, { version, parts, bytes });
  }

  /**
   * Keeps a finished download in place of any kept before it (an older making's copy in place of a
   * newer one is only checked more strictly: more was written since its version), and lets the
   * least recently read go past the budget.
   */
  private keep(owner: object, key: string, made: Pick<Kept, 'version' | 'parts' | 'bytes'>) {
    let all = this.keptByOwner.get(owner);
    if (!all) {
      all = new Map();
      this.keptByOwner.set(owner, all);
    }
    all.delete(key);
    all.set(key, { ...made, keptAt: Date.now(), checking: null });
    let total = 0;
    for (const k of all.values()) total += k.bytes;
    for (const [k, oldest] of all) {
      if (total <= this.keeping.bytes) break;
      all.delete(k);
      total -= oldest.bytes;
    }
  }

  /** Joins the making of `key` under way when it can be joined, or starts `make()`'s. */
  private join(
    owner: object,
    key: string,
    make: () => AsyncIterator<Part>,
    onFailure: (err: unknown) => void,
    onAnswer: (answer: DownloadAnswer) => void,
  ): Readable {
    let makings = this.byOwner.get(owner);
    if (!makings) {
      makings = new Map();
      this.byOwner.set(owner, makings);
    }
    const under = makings.get(key);
    if (under?.joinable) {
      onAnswer('joined');
      return under.reader();
    }
    onAnswer('made');
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
