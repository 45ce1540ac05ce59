import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBody, preferredEncoding } from './encoded-body.ts';

describe('preferredEncoding', () => {
  it('answers brotli, then gzip, when accepted, and none when refused with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    expect(preferredEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('deflate, gzip;q=0.0')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('EncodedBody', () => {
  it('compresses once per encoding, on first demand, to what decompresses back to the body', async () => {
    const raw = '<!doctype html><h1>FourFour</h1>'.repeat(200);
    const body = new EncodedBody(raw, 11);
    const [br, again] = [body.encode('br'), body.encode('br')];
    expect(again).toBe(br);
    expect(brotliDecompressSync(await br).toString()).toBe(raw);
    expect(gunzipSync(await body.encode('gzip')).toString()).toBe(raw);
    expect((await br).length).toBeLessThan(raw.length / 10);
  });
});
