import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createUser } from '../../../test/factories.ts';
import { bearer, login, refresh, refreshCookieOf, registerVerified, STRONG_PASSWORD } from './auth.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT: 'off', PUBLIC_URL: 'http://shop.example.test' },
    setup: (app) => {
      app.get('/api/test/admin-only', { preHandler: app.requireRole('ADMIN', 'MASTER') }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

async function signIn() {
  const account = await registerVerified(t.app);
  const res = await login(t.app, account.email, STRONG_PASSWORD);
  const cookie = refreshCookieOf(res)?.value as string;
  return { account, accessToken: res.json().accessToken as string, cookie };
}
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const ageRotation = (token: string, seconds: number) =>
  t.app.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.tokenHash, sha256(token)));

describe('refresh', () => {
  it('rotates the cookie and answers a working access token', async () => {
    const { cookie } = await signIn();
    const res = await refresh(t.app, cookie);
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res);
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(cookie);
    expect(next).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
    expect((await me(res.json().accessToken)).statusCode).toBe(200);
    // The stored value is a hash, not the token.
    const [row] = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next?.value ?? '')));
    expect(row).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(next?.value);
  });

  it('presenting a rotated token again after the grace period revokes the whole family', async () => {
    const { cookie } = await signIn();
    const second = refreshCookieOf(await refresh(t.app, cookie))?.value as string;
    const third = refreshCookieOf(await refresh(t.app, second))?.value as string;
    await ageRotation(cookie, 11);
    const reuse = await refresh(t.app, cookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: 'REFRESH_REUSED', message: 'Your session has ended. Please log in again.' });
    // The legitimate newest token is dead too.
    expect((await refresh(t.app, third)).statusCode).toBe(401);
  });

  it('within 10 seconds of a rotation the old token yields the same new session', async () => {
    const { cookie } = await signIn();
    const first = await refresh(t.app, cookie);
    const again = await refresh(t.app, cookie);
    expect(again.statusCode).toBe(200);
    expect(refreshCookieOf(again)?.value).toBe(refreshCookieOf(first)?.value);
    // And the family is still alive.
    expect((await refresh(t.app, refreshCookieOf(again)?.value as string)).statusCode).toBe(200);
  });

  it('two refreshes at the same moment both succeed with one successor', async () => {
    const { cookie } = await signIn();
    const [a, b] = await Promise.all([refresh(t.app, cookie), refresh(t.app, cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(refreshCookieOf(a)?.value).toBe(refreshCookieOf(b)?.value);
  });

  it('refuses a foreign Origin and Sec-Fetch-Site: cross-site, without touching the token', async () => {
    const { cookie } = await signIn();
    const foreign = await refresh(t.app, cookie, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FOREIGN_ORIGIN');
    const crossSite = await refresh(t.app, cookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refreshToken: cookie },
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    // Our own origin (PUBLIC_URL) and same-origin fetches still work.
    const ok = await refresh(t.app, cookie, { origin: 'http://shop.example.test', 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 401 without a cookie, with an unknown one, or an expired one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect((await refresh(t.app, 'made-up-token')).statusCode).toBe(401);
    const { cookie } = await signIn();
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, sha256(cookie)));
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const { cookie } = await signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: cookie } });
    expect(res.statusCode).toBe(200);
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
  });
});

describe('access tokens follow the account on the next request', () => {
  it('a demoted admin loses admin routes at once, and the role shown changes', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const call = () => t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: admin.headers });
    expect((await call()).statusCode).toBe(200);
    await t.app.db.update(users).set({ role: 'USER' }).where(eq(users.id, admin.id));
    expect((await call()).statusCode).toBe(403);
    expect((await me(admin.token)).json().role).toBe('USER');
  });

  it('a deleted account’s access token stops working on the next request', async () => {
    const { accessToken, cookie } = await signIn();
    const del = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: bearer(accessToken) });
    expect(del.statusCode).toBe(200);
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
  });

  it('a disabled account’s token and refresh stop working', async () => {
    const { account, accessToken, cookie } = await signIn();
    await t.app.db.update(users).set({ disabled: true }).where(eq(users.email, account.email));
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
  });

  it('tokens that are forged, of another type or expired are refused', async () => {
    const { accessToken } = await signIn();
    const [h, p, s] = accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'MASTER' })).toString('base64url')}.${s}`;
    expect((await me(tampered)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await me(none)).statusCode).toBe(401);
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });
});
