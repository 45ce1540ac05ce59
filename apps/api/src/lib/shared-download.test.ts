import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type Freshness, SharedDownloads } from './shared-download.ts';

/** A source of `count` parts of `size` bytes ("0000…", "1111…"), counting each making and part made. */
function source(count: number, size = 4) {
  const made = { makings: 0, parts: 0 };
  let release: (() => void) | null = null;
  let gate = Promise.resolve();
  const make = () => {
    made.makings += 1;
    return (async function* () {
      for (let i = 0; i < count; i += 1) {
        await gate;
        made.parts += 1;
        yield String(i % 10).repeat(size);
      }
    })();
  };
  /** Holds the next parts back until the returned function is called. */
  const hold = () => {
    gate = new Promise((resolve) => {
      release = resolve;
    });
    return () => release?.();
  };
  return { make, made, hold, whole: Array.from({ length: count }, (_, i) => String(i % 10).repeat(size)).join('') };
}

const app = {};
const noFailure = (err: unknown) => {
  throw err;
};

describe('SharedDownloads', () => {
  it('makes a download once for the requests that want it at the same time, each reading it whole', async () => {
    const downloads = new SharedDownloads(1024);
    const s = source(5);
    const open = s.hold();
    const first = downloads.read(app, 'orders/1', s.make, noFailure);
    const second = downloads.read(app, 'orders/1', s.make, noFailure);
    const other = downloads.read(app, 'orders/2', s.make, noFailure);
    const texts = Promise.all([text(first), text(second), text(other)]);
    open();
    expect(await texts).toEqual([s.whole, s.whole, s.whole]);
    // orders/1 made once for its two readers, orders/2 on its own.
    expect(s.made).toEqual({ makings: 2, parts: 10 });
  });

  it('never answers from a finished download: a later request makes a new one', async () => {
    const downloads = new SharedDownloads(1024);
    const s = source(3);
    expect(await text(downloads.read(app, 'k', s.make, noFailure))).toBe(s.whole);
    expect(downloads.joinable(app)).toBe(0);
    expect(await text(downloads.read(app, 'k', s.make, noFailure))).toBe(s.whole);
    expect(s.made.makings).toBe(2);
  });

  it('past its window a download takes no one new: a later request makes its own from the start', async () => {
    const downloads = new SharedDownloads(10);
    const s = source(6, 4); // 24 bytes: the window closes after the third part
    const reader = downloads.read(app, 'big', s.make, noFailure);
    const chunks: string[] = [];
    for await (const chunk of reader) {
      chunks.push(String(chunk));
      if (chunks.length === 3) {
        expect(downloads.joinable(app)).toBe(0);
        // A request now starts its own making, from the first part.
        expect(await text(downloads.read(app, 'big', s.make, noFailure))).toBe(s.whole);
      }
    }
    expect(chunks.join('')).toBe(s.whole);
    expect(s.made.makings).toBe(2);
  });

  it('a failure midway breaks every reader of that download, is reported once, and is not shared afterwards', async () => {
    const downloads = new SharedDownloads(1024);
    const failures: unknown[] = [];
    let makings = 0;
    const failing = () => {
      makings += 1;
      return (async function* () {
        yield 'header\r\n';
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('database went away');
      })();
    };
    const a = downloads.read(app, 'x', failing, (err) => failures.push(err));
    const b = downloads.read(app, 'x', failing, (err) => failures.push(err));
    await expect(text(a)).rejects.toThrow('database went away');
    await expect(text(b)).rejects.toThrow('database went away');
    expect(failures).toHaveLength(1);
    const s = source(2);
    expect(await text(downloads.read(app, 'x', s.make, noFailure))).toBe(s.whole);
    expect(makings).toBe(1);
  });

  it('forgets a download whose every reader went away, even before reading', async () => {
    const downloads = new SharedDownloads(1024);
    const s = source(3);
    const gone = downloads.read(app, 'k', s.make, noFailure);
    expect(downloads.joinable(app)).toBe(1);
    gone.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(downloads.joinable(app)).toBe(0);
    expect(await text(downloads.read(app, 'k', s.make, noFailure))).toBe(s.whole);
    expect(s.made.makings).toBe(2);
  });

  it('keeps each owner apart: two apps in one process each make their own', async () => {
    const downloads = new SharedDownloads(1024);
    const s = source(2);
    const open = s.hold();
    const both = Promise.all([
      text(downloads.read({}, 'k', s.make, noFailure)),
      text(downloads.read({}, 'k', s.make, noFailure)),
    ]);
    open();
    expect(await both).toEqual([s.whole, s.whole]);
    expect(s.made.makings).toBe(2);
  });

  describe('keeping a finished download while its data is unchanged', () => {
    /** A data store's version: a counter bumped by each write; the checks it was asked, and their answers. */
    function data() {
      const state = { version: 10, writtenAt: [] as number[], checks: 0, versionsTaken: [] as number[] };
      let gate = Promise.resolve();
      let release: (() => void) | null = null;
      const freshness: Freshness = {
        version: async () => {
          state.versionsTaken.push(state.version);
          return String(state.version);
        },
        changedSince: async (version) => {
          state.checks += 1;
          await gate;
          return state.writtenAt.some((at) => at >= Number(version));
        },
      };
      const write = () => {
        state.writtenAt.push(state.version);
        state.version += 1;
      };
      const holdChecks = () => {
        gate = new Promise((resolve) => {
          release = resolve;
        });
        return () => release?.();
      };
      return { state, freshness, write, holdChecks };
    }
    const keeping = { bytes: 100, ms: 60_000 };

    it('answers a later request from the copy until something it was made from is written, then makes it again', async () => {
      const downloads = new SharedDownloads(64, keeping);
      const s = source(3);
      const d = data();
      expect(await text(downloads.read(app, 'k', s.make, noFailure, d.freshness))).toBe(s.whole);
      expect(downloads.kept(app)).toBe(1);
      expect(await text(downloads.read(app, 'k', s.make, noFailure, d.freshness))).toBe(s.whole);
      expect(await text(downloads.read(app, 'k', s.make, noFailure, d.freshness))).toBe(s.whole);
      expect(s.made.makings).toBe(1);
      expect(d.state.checks).toBe(2);
      d.write();
      expect(await text(downloads.read(app, 'k', s.make, noFailure, d.freshness))).toBe(s.whole);
      expect(s.made.makings).toBe(2);
      // The version is taken before each making reads anything.
      expect(d.state.versionsTaken).toEqual([10, 11]);
      expect(await text(downloads.read(app, 'k', s.make, noFailure, d.freshness))).toBe(s.whole);
      expect(s.made.makings).toBe(2);
    });

    it('without a way to tell freshness, or past the window, nothing is kept', async () => {
      const d = data();
      const s = source(3);
      const downloads = new SharedDownloads(64, keeping);
      await text(downloads.read(app, 'plain', s.make, noFailure));
      expect(downloads.kept(app)).toBe(0);
      const big = source(20, 4); // 80 bytes: past the 64-byte window
      await text(downloads.read(app, 'big', big.make, noFailure, d.freshness));
      await text(downloads.read(app, 'big', big.make, noFailure, d.freshness));
      expect(downloads.kept(app)).toBe(0);
      expect(big.made.makings).toBe(2);
    });

    it('keeps up to its budget, letting the least recently read go first', async () => {
      const downloads = new SharedDownloads(64, { bytes: 100, ms: 60_000 });
      const d = data();
      const files = ['a', 'b', 'c'].map((key) => ({ key, s: source(10, 4) })); // 40 bytes each
      const read = (f: (typeof files)[number]) => text(downloads.read(app, f.key, f.s.make, noFailure, d.freshness));
      await read(files[0]!);
      await read(files[1]!);
      await read(files[0]!); // a read last: b is the least recently read
      await read(files[2]!); // 120 bytes: b goes
      expect(downloads.kept(app)).toBe(2);
      await read(files[0]!);
      await read(files[2]!);
      await read(files[1]!);
      expect(files.map((f) => f.s.made.makings)).toEqual([1, 2, 1]);
    });

    it('lets a copy go after its time, and shares one check among the requests that arrive during it', async () => {
      const downloads = new SharedDownloads(64, { bytes: 100, ms: 50 });
      const d = data();
      const s = source(2);
      await text(downloads.read(app, 'k', s.make, noFailure, d.freshness));
      const open = d.holdChecks();
      const together = Promise.all(
        Array.from({ length: 5 }, () => text(downloads.read(app, 'k', s.make, noFailure, d.freshness))),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      open();
      expect(await together).toEqual(Array(5).fill(s.whole));
      expect(d.state.checks).toBe(1);
      expect(s.made.makings).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await text(downloads.read(app, 'k', s.make, noFailure, d.freshness))).toBe(s.whole);
      expect(s.made.makings).toBe(2);
      expect(d.state.checks).toBe(1);
    });

    it('a failed making is not kept', async () => {
      const downloads = new SharedDownloads(64, keeping);
      const d = data();
      const failing = () =>
        (async function* () {
          yield 'part';
          throw new Error('database went away');
        })();
      const failures: unknown[] = [];
      await expect(text(downloads.read(app, 'k', failing, (err) => failures.push(err), d.freshness))).rejects.toThrow(
        'database went away',
      );
      expect(failures).toHaveLength(1);
      expect(downloads.kept(app)).toBe(0);
    });
  });
});
