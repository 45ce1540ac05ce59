import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { SharedDownloads } from './shared-download.ts';

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
});
