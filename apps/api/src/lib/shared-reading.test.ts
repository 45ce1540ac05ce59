import { describe, expect, it } from 'vitest';
import { SharedReadings } from './shared-reading.ts';

/** A reading held until released, counting how often it was started. */
function gated<V>(value: V) {
  let started = 0;
  let waiting: { resolve: (v: V) => void; reject: (err: Error) => void }[] = [];
  const read = () => {
    started += 1;
    return new Promise<V>((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const settle = (how: (w: (typeof waiting)[number]) => void) => {
    const now = waiting;
    waiting = [];
    for (const w of now) how(w);
  };
  return {
    read,
    started: () => started,
    release: () => settle((w) => w.resolve(value)),
    fail: (err: Error) => settle((w) => w.reject(err)),
  };
}

describe('SharedReadings', () => {
  it('reads once for the requests that arrive while the same reading is under way', async () => {
    const readings = new SharedReadings<number, string>();
    const owner = {};
    const r = gated('pack of event 1');
    const waiting = Promise.all([1, 2, 3].map(() => readings.read(owner, 1, r.read)));
    r.release();
    expect(await waiting).toEqual(['pack of event 1', 'pack of event 1', 'pack of event 1']);
    expect(r.started()).toBe(1);
  });

  it('keeps nothing once settled: a later request reads afresh, and another key reads on its own', async () => {
    const readings = new SharedReadings<number, string>();
    const owner = {};
    let n = 0;
    const read = async () => `reading ${++n}`;
    expect(await readings.read(owner, 1, read)).toBe('reading 1');
    expect(await readings.read(owner, 1, read)).toBe('reading 2');
    expect(await readings.read(owner, 2, read)).toBe('reading 3');
    // Two owners (two apps in one process) never share.
    const r = gated('x');
    const both = Promise.all([readings.read({}, 1, r.read), readings.read({}, 1, r.read)]);
    expect(r.started()).toBe(2);
    r.release();
    await both;
  });

  it('a failure fails those who shared it, and the next request tries again', async () => {
    const readings = new SharedReadings<string, string>();
    const owner = {};
    const r = gated('ok');
    const shared = [readings.read(owner, 'k', r.read), readings.read(owner, 'k', r.read)];
    r.fail(new Error('database went away'));
    for (const p of shared) await expect(p).rejects.toThrow('database went away');
    const again = readings.read(owner, 'k', r.read);
    expect(r.started()).toBe(2);
    r.release();
    expect(await again).toBe('ok');
  });
});
