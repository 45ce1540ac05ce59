import { REFRESH_FALLBACK_SECONDS, REFRESH_FLOOR_SECONDS, REFRESH_MARGIN_SECONDS } from '@fourfour/shared/constants';

/** The `exp` claim (seconds since the epoch) of a JWT, or null when it cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (claims && typeof claims === 'object' && 'exp' in claims) {
      const exp = (claims as { exp: unknown }).exp;
      return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * How long to wait before refreshing (spec 01 §4): 60 s before the token expires, never sooner
 * than 5 s from now, and 10 minutes when the token cannot be decoded.
 */
export function computeRefreshDelayMs(token: string, nowMs: number = Date.now()): number {
  const exp = readTokenExpiry(token);
  if (exp === null) return REFRESH_FALLBACK_SECONDS * 1000;
  const wait = exp * 1000 - nowMs - REFRESH_MARGIN_SECONDS * 1000;
  return Math.max(wait, REFRESH_FLOOR_SECONDS * 1000);
}
