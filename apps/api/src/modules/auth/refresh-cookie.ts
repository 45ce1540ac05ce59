import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import { REFRESH_TOKEN_TTL_DAYS } from '@fourfour/shared/constants';
import { AppError } from '../../lib/errors.ts';

export const REFRESH_COOKIE = 'refreshToken';
/** The cookie goes only to the auth routes (refresh, logout), never to the rest of the API. */
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    path: COOKIE_PATH,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https:'),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    path: COOKIE_PATH,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https:'),
  });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
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
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (typeof host === 'string' && host) allowed.add(`${request.protocol}://${host}`);
  if (!allowed.has(origin)) throw new AppError('FOREIGN_ORIGIN', 403, AUTH_MESSAGES.foreignOrigin);
}
