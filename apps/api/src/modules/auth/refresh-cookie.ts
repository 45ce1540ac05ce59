import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import { AppError } from '../../lib/errors.ts';

/**
 * The refresh token's cookie. On https it is `__Secure-refreshToken`: browsers accept a cookie of
 * that name only from a secure origin with Secure set, so a network attacker or a plain-http
 * neighbour cannot plant one (session fixation). On http (local development) the spec's name
 * `refreshToken` stays. Only the name the configuration gives is ever read.
 */
export const REFRESH_COOKIE = 'refreshToken';
export const SECURE_REFRESH_COOKIE = '__Secure-refreshToken';
/** The cookie goes only to the auth routes (refresh, logout), never to the rest of the API. */
const COOKIE_PATH = '/api/auth';

const isSecure = (app: FastifyInstance) => app.config.publicUrl.startsWith('https:');
export const refreshCookieName = (app: FastifyInstance) => (isSecure(app) ? SECURE_REFRESH_COOKIE : REFRESH_COOKIE);

/** Sets the cookie to expire with the token (at most 7 days; less near the session's 30-day end). */
export function setRefreshCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  session: { refreshToken: string; refreshExpiresAt: Date },
): void {
  reply.setCookie(refreshCookieName(app), session.refreshToken, {
    httpOnly: true,
    path: COOKIE_PATH,
    sameSite: 'strict',
    secure: isSecure(app),
    maxAge: Math.max(0, Math.round((session.refreshExpiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName(app), {
    httpOnly: true,
    path: COOKIE_PATH,
    sameSite: 'strict',
    secure: isSecure(app),
  });
}

export function readRefreshCookie(app: FastifyInstance, request: FastifyRequest): string | undefined {
  const value = request.cookies[refreshCookieName(app)];
  return value && value.length <= 200 ? value : undefined;
}

/**
 * Refresh and logout act on a cookie the browser sends by itself, so they refuse requests another
 * site started: `Sec-Fetch-Site: cross-site`, or an Origin that is neither PUBLIC_URL's nor the
 * request's own host (same-origin behind a proxy or the dev server). No Origin at all (curl, old
 * browsers on same-origin POSTs) is allowed: SameSite=Strict already keeps the cookie home.
 */
export function assertSameSiteRequest(app: FastifyInstance, request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new AppError('FOREIGN_ORIGIN', 403, AUTH_MESSAGES.foreignOrigin);
  }
  const origin = request.headers.origin;
  if (!origin) return;
  const allowed = new Set([new URL(app.config.publicUrl).origin]);
  // request.host reads X-Forwarded-Host only from a proxy TRUST_PROXY names; from anyone else the
  // header could make a foreign Origin look like our own.
  const host = request.host;
  if (host) allowed.add(`${request.protocol}://${host}`);
  if (!allowed.has(origin)) throw new AppError('FOREIGN_ORIGIN', 403, AUTH_MESSAGES.foreignOrigin);
}
