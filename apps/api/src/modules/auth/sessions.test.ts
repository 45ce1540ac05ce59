import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, tickets, users } from '../../db/schema/index.ts';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import { deriveKey, sha256 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { issueTickets } from '../scan/scan.test-kit.ts';
import { draft, reserve } from '../tickets/tickets.test-kit.ts';
import { bearer, login, refresh, refreshCookieOf, registerVerified, STRONG_PASSWORD } from './auth.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT: 'off', PUBLIC_URL: 'http://shop.example.test' },
    setup: (app) => {
      const access = { roles: ['ADMIN', 'MASTER'] } as const;
      app.get('/api/test/admin-only', { config: { access } }, async () => ({ ok: true }));
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
  it('rotates the cookie and answers a working access token with its user', async () => {
    const { account, cookie } = await signIn();
    const res = await refresh(t.app, cookie);
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res);
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(cookie);
    expect(next).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
    // The user comes with the token, as /api/auth/me answers it: a page restoring its session
    // needs no second round trip.
    const who = await me(res.json().accessToken);
    expect(who.statusCode).toBe(200);
    expect(res.json().user).toEqual(who.json());
    expect(res.json().user).toMatchObject({ email: account.email, role: 'USER' });
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
    expect(again.json().user).toEqual(first.json().user);
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
    // X-Forwarded-Host counts only from a proxy TRUST_PROXY names: sent by anyone else it cannot
    // make a foreign Origin look like our own host.
    const forgedHost = await refresh(t.app, cookie, {
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(forgedHost.statusCode).toBe(403);
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

  it('a refresh answers the role the account has now, not the one it signed in with', async () => {
    const { account, cookie } = await signIn();
    await t.app.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, account.email));
    const res = await refresh(t.app, cookie);
    expect(res.json().user).toMatchObject({ email: account.email, role: 'ADMIN' });
  });

  it('a deleted account’s access token stops working on the next request', async () => {
    const { accessToken, cookie } = await signIn();
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: bearer(accessToken),
      payload: { password: STRONG_PASSWORD },
    });
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

describe('logout ends the access token as well as the refresh token', () => {
  /** The same bearer token on the three kinds of check: signed-in, accountCheck 'statement' (reserve) and the scan. */
  async function statusesFor(accessToken: string, eventId: number) {
    const headers = bearer(accessToken);
    const held = await reserve(t.app, { headers } as TestUser, eventId, [draft()]);
    const free = await reserve(t.app, { headers } as TestUser, eventId, [draft('STANDARD', { useFreeTicket: true })]);
    const scanned = await t.app.inject({ method: 'POST', url: '/api/ticket-scan?qrCodeValue=x', headers });
    return [(await me(accessToken)).statusCode, held.statusCode, free.statusCode, scanned.statusCode];
  }

  it('after logout the same access token gets 401 on every route', async () => {
    const { accessToken, cookie } = await signIn();
    const event = await createEvent(t.app);
    const before = await statusesFor(accessToken, event.id);
    expect(before[0]).toBe(200);
    expect(before[1]).toBe(200);
    expect(before[3]).toBe(403);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: cookie } });
    expect(out.statusCode).toBe(200);
    expect(await statusesFor(accessToken, event.id)).toEqual([401, 401, 401, 401]);
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
  });

  it('after logout a door scanner’s token admits no one, even with a genuine ticket', async () => {
    const { account, accessToken, cookie } = await signIn();
    await t.app.db.update(users).set({ role: 'EVENT_WORKER' }).where(eq(users.email, account.email));
    const fan = await createUser(t.app);
    const event = await createEvent(t.app, {
      startsAt: new Date(Date.now() - 3600_000),
      endsAt: new Date(Date.now() + 5 * 3600_000),
    });
    const [first, second] = await issueTickets(t.app, fan, event.id, 2);
    const scanWith = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ticket-scan?${new URLSearchParams({ qrCodeValue: code })}`,
        headers: bearer(accessToken),
      });
    expect((await scanWith(first!.code)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: cookie } });
    const after = await scanWith(second!.code);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, second!.id));
    expect(row?.status).toBe('VALID');
  });

  it('logout ends only the device that logged out', async () => {
    const account = await registerVerified(t.app);
    const a = await login(t.app, account.email, STRONG_PASSWORD);
    const b = await login(t.app, account.email, STRONG_PASSWORD);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refreshToken: refreshCookieOf(a)?.value as string },
    });
    expect((await me(a.json().accessToken)).statusCode).toBe(401);
    expect((await me(b.json().accessToken)).statusCode).toBe(200);
    expect((await refresh(t.app, refreshCookieOf(b)?.value as string)).statusCode).toBe(200);
  });

  it('a token refreshed before logout is ended by it too (one session, one family)', async () => {
    const { cookie } = await signIn();
    const rotated = await refresh(t.app, cookie);
    const newer = rotated.json().accessToken as string;
    expect((await me(newer)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refreshToken: refreshCookieOf(rotated)?.value as string },
    });
    expect((await me(newer)).statusCode).toBe(401);
  });

  it('a password change ends the other devices’ access tokens, and keeps the device that changed it', async () => {
    const account = await registerVerified(t.app);
    const other = (await login(t.app, account.email, STRONG_PASSWORD)).json().accessToken as string;
    const here = (await login(t.app, account.email, STRONG_PASSWORD)).json().accessToken as string;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(here),
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'An0ther#Passw0rd' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(changed.json().accessToken)).statusCode).toBe(200);
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const live = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user!.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
  });
});

describe('a session lasts at most 30 days from the password sign-in', () => {
  const sessionOf = async (cookie: string) => {
    const [row] = await t.app.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(cookie)));
    return row!.familyId;
  };
  const signedInDaysAgo = (sessionId: string, days: number) =>
    t.app.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(sessions.id, sessionId));

  it('refresh fails 30 days after sign-in, even though the token was rotated a moment ago', async () => {
    const { cookie } = await signIn();
    const sessionId = await sessionOf(cookie);
    const rotated = refreshCookieOf(await refresh(t.app, cookie))?.value as string;
    await signedInDaysAgo(sessionId, 30);
    const res = await refresh(t.app, rotated);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'NO_SESSION', message: 'Your session has ended. Please log in again.' });
    expect(refreshCookieOf(res)?.value).toBe('');
  });

  it('near the end, a refreshed token and its cookie expire with the session, not 7 days later', async () => {
    const { cookie } = await signIn();
    const sessionId = await sessionOf(cookie);
    await signedInDaysAgo(sessionId, 29);
    const res = await refresh(t.app, cookie);
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res);
    const [row] = await t.app.db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next?.value ?? '')));
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.id, sessionId));
    const end = session!.authenticatedAt.getTime() + 30 * 24 * 3600_000;
    expect(Math.abs(row!.expiresAt.getTime() - end)).toBeLessThan(1000);
    expect(next?.maxAge).toBeGreaterThan(23 * 3600);
    expect(next?.maxAge).toBeLessThanOrEqual(24 * 3600);
  });

  it('a rotation records when the device was last used, not when it signed in', async () => {
    const { cookie } = await signIn();
    const sessionId = await sessionOf(cookie);
    await t.app.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - interval '2 days'`, lastUsedAt: sql`now() - interval '2 days'` })
      .where(eq(sessions.id, sessionId));
    expect((await refresh(t.app, cookie)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
    expect(Date.now() - row!.authenticatedAt.getTime()).toBeGreaterThan(47 * 3600_000);
  });
});

describe('the refresh cookie’s name', () => {
  it('is __Secure-refreshToken, Secure, when PUBLIC_URL is https, and works under that name', async () => {
    const https = await createTestApp({ env: { RATE_LIMIT: 'off', PUBLIC_URL: 'https://shop.example.test' } });
    try {
      const account = await registerVerified(https.app);
      const res = await login(https.app, account.email, STRONG_PASSWORD);
      expect(res.cookies.map((c) => c.name)).toEqual(['__Secure-refreshToken']);
      const cookie = res.cookies[0]!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
      const renewed = await https.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { '__Secure-refreshToken': cookie.value },
      });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.cookies.map((c) => c.name)).toEqual(['__Secure-refreshToken']);
      // The unprefixed name is not read on https: a cookie an insecure origin could have set.
      const unprefixed = await https.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { refreshToken: renewed.cookies[0]!.value },
      });
      expect(unprefixed.statusCode).toBe(401);
      const out = await https.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { '__Secure-refreshToken': renewed.cookies[0]!.value },
      });
      expect(out.cookies).toMatchObject([{ name: '__Secure-refreshToken', value: '', secure: true }]);
    } finally {
      await https.close();
    }
  });

  it('stays the spec’s refreshToken, without Secure, on http', async () => {
    const account = await registerVerified(t.app);
    const res = await login(t.app, account.email, STRONG_PASSWORD);
    expect(res.cookies.map((c) => c.name)).toEqual(['refreshToken']);
    expect(res.cookies[0]?.secure).toBeFalsy();
  });
});

describe('people signed in before sessions had rows', () => {
  /** Migration 0008's backfill, as it runs on an existing database. */
  async function runBackfill() {
    const text = readFileSync(path.join(MIGRATIONS_FOLDER, '0008_security_sessions_throttles.sql'), 'utf8');
    const statement = text.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "sessions"'));
    await t.app.database.raw.exec(statement!);
  }
  const familyOf = async (cookie: string) =>
    (
      await t.app.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(cookie)))
    )[0]!.familyId;

  it('keep refreshing once the migration has made a session of each refresh family', async () => {
    const live = await signIn();
    const ended = await signIn();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: ended.cookie } });
    const liveFamily = await familyOf(live.cookie);
    const endedFamily = await familyOf(ended.cookie);
    // As before the release: refresh families without a session row.
    await t.app.db.delete(sessions).where(inArray(sessions.id, [liveFamily, endedFamily]));
    await runBackfill();

    const [restored] = await t.app.db.select().from(sessions).where(eq(sessions.id, liveFamily));
    const [token] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, liveFamily));
    expect(restored).toMatchObject({ revokedAt: null, authenticatedAt: token!.createdAt });
    const res = await refresh(t.app, live.cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().accessToken)).statusCode).toBe(200);

    const [revoked] = await t.app.db.select().from(sessions).where(eq(sessions.id, endedFamily));
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect((await refresh(t.app, ended.cookie)).statusCode).toBe(401);
  });

  it('an access token from before the release (no sid) is refused, and a refresh replaces it', async () => {
    const { account, cookie } = await signIn();
    const [user] = await t.app.db.select().from(users).where(eq(users.email, account.email));
    const key = deriveKey(t.app.config.appSecret, 'access-token');
    const old = createSigner({ key, algorithm: 'HS256', iss: 'fourfour', aud: 'fourfour:api', expiresIn: 600_000 })({
      typ: 'access',
      role: 'USER',
      sv: user!.sessionVersion,
      sub: String(user!.id),
    });
    expect((await me(old)).statusCode).toBe(401);
    const res = await refresh(t.app, cookie);
    expect((await me(res.json().accessToken)).statusCode).toBe(200);
  });
});
