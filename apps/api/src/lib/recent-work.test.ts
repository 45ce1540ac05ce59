import { describe, expect, it } from 'vitest';
import { RecentWork } from './recent-work.ts';

describe('RecentWork', () => {
  it('makes a result once per key, keeps at most its limit, and lets the least recently used go', async () => {
    const made: string[] = [];
    const work = new RecentWork<string>(3);
    const get = (key: string) =>
      work.get(key, async () => {
        made.push(key);
        return `${key}!`;
      });
    expect(await get('a')).toBe('a!');
    await get('b');
    await get('c');
    expect(await get('a')).toBe('a!'); // used again: now the most recent
    await get('d'); // full: b, the least recently used, goes
    expect(work.size).toBe(3);
    await get('a');
    await get('c');
    await get('b');
    expect(made).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('forgets a failure, so the next request tries again', async () => {
    const work = new RecentWork<string>(2);
    await expect(work.get('x', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(await work.get('x', async () => 'done')).toBe('done');
  });
});
