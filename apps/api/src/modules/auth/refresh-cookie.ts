import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
