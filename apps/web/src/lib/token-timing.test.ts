import { describe, expect, it } from 'vitest';
import { computeRefreshDelayMs, readTokenExpiry } from './token-timing.ts';

function jwtWith(claims: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('refresh timing (spec 01 §4)', () => {
  it('reads the exp claim of a JWT', () => {
    expect(readTokenExpiry(jwtWith({ exp: 1_900_000_000, sub: '1' }))).toBe(1_900_000_000);
  });

  it('refreshes 60 seconds before the token expires', () => {
    expect(computeRefreshDelayMs(jwtWith({ exp: nowSeconds + 15 * 60 }), NOW)).toBe(14 * 60 * 1000);
  });

  it('never waits less than 5 seconds, even for a token about to expire or already expired', () => {
    expect(computeRefreshDelayMs(jwtWith({ exp: nowSeconds + 30 }), NOW)).toBe(5000);
    expect(computeRefreshDelayMs(jwtWith({ exp: nowSeconds - 600 }), NOW)).toBe(5000);
  });

  it('waits 10 minutes when the token cannot be decoded', () => {
    expect(computeRefreshDelayMs('not-a-jwt', NOW)).toBe(10 * 60 * 1000);
    expect(computeRefreshDelayMs('a.!!!.c', NOW)).toBe(10 * 60 * 1000);
    expect(computeRefreshDelayMs(jwtWith({ sub: '1' }), NOW)).toBe(10 * 60 * 1000);
    expect(computeRefreshDelayMs(jwtWith({ exp: 'soon' }), NOW)).toBe(10 * 60 * 1000);
  });
});
