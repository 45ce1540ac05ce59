import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.ts';
import { deriveKey } from '../../src/lib/crypto.ts';
import { createEvent, createUser, type TestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens the API refuses', () => {
  let t: TestApp;
  let fan: TestUser;
  let key: Buffer;
  let eventId: number;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (overrides: Record<string, unknown> = {}) => ({
    sub: String(fan.id),
    typ: 'access',
    role: 'MASTER',
    sv: 0,
    sid: fan.sessionId,
    iss: 'fourfour',
    aud: 'fourfour:api',
    iat: now(),
    exp: now() + 600,
    ...overrides,
  });
  const sign = (payload: Record<string, unknown>, secret: Uint8Array = key) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
  const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  /** The same token on the three kinds of check: 'signed-in', accountCheck 'statement', and that with roles. */
  const statusesFor = async (token: string) => {
    const headers = { authorization: `Bearer ${token}` };
    const reserve = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/reserve?eventId=${eventId}`,
      headers,
      payload: [
        { ticketType: 'STANDARD', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', useFreeTicket: false },
      ],
    });
    const scan = await t.app.inject({ method: 'POST', url: '/api/ticket-scan?qrCodeValue=x', headers });
    return [(await me(token)).statusCode, reserve.statusCode, scan.statusCode];
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    fan = await createUser(t.app);
    key = deriveKey(t.app.config.appSecret, 'access-token');
    eventId = (await createEvent(t.app)).id;
  });
  afterAll(async () => t?.close());

  it('accepts a genuine token (the baseline the others differ from)', async () => {
    const res = await me(await sign(claims()));
    expect(res.statusCode).toBe(200);
    // The role comes from the database, never from the token's claim.
    expect(res.json().role).toBe('USER');
    // A USER may reserve, but not scan, whatever the token's role claim says.
    expect(await statusesFor(await sign(claims()))).toEqual([200, 200, 403]);
  });

  it('refuses, on every kind of guard, a token without issuer or audience, or with a malformed iat', async () => {
    const { iss: _iss, ...noIssuer } = claims();
    const { aud: _aud, ...noAudience } = claims();
    for (const payload of [noIssuer, noAudience, claims({ iat: 'x' }), claims({ sub: 'me' }), claims({ sv: '0' })]) {
      expect(await statusesFor(await sign(payload)), JSON.stringify(payload)).toEqual([401, 401, 401]);
    }
  });

  it('stops accepting a token once it expires, although verified tokens are remembered', async () => {
    const token = await sign(claims({ exp: now() + 2 }));
    expect((await me(token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 3_100));
    expect(await statusesFor(token)).toEqual([401, 401, 401]);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await sign(claims(), new TextEncoder().encode('x'.repeat(64)));
    expect(await statusesFor(forged)).toEqual([401, 401, 401]);
  });

  it('refuses an expired token', async () => {
    const res = await me(await sign(claims({ iat: now() - 3600, exp: now() - 60 })));
    expect(res.statusCode).toBe(401);
  });

  it('refuses alg: none', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`;
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a token for another audience or issuer', async () => {
    expect((await me(await sign(claims({ aud: 'someone-else' })))).statusCode).toBe(401);
    expect((await me(await sign(claims({ iss: 'someone-else' })))).statusCode).toBe(401);
  });

  it('refuses a token of another type, and one without an expiry', async () => {
    expect((await me(await sign(claims({ typ: 'refresh' })))).statusCode).toBe(401);
    const { exp: _exp, ...noExp } = claims();
    expect((await me(await sign(noExp))).statusCode).toBe(401);
  });

  it('refuses an altered payload', async () => {
    const [header, , signature] = (await sign(claims())).split('.');
    const forged = `${header}.${b64(claims({ sub: String(fan.id + 1000) }))}.${signature}`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a refresh token used as an access token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: fan.email, password: fan.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie?.value).toBeTruthy();
    expect((await me(cookie!.value)).statusCode).toBe(401);
  });

  it('refuses a token whose session version is stale (after a password change or reset)', async () => {
    expect(await statusesFor(await sign(claims({ sv: 1 })))).toEqual([401, 401, 401]);
  });

  it('refuses a token without a session id, or naming an unknown, ended or another account’s session', async () => {
    const other = await createUser(t.app);
    expect(await statusesFor(await sign(claims({ sid: undefined })))).toEqual([401, 401, 401]);
    expect(await statusesFor(await sign(claims({ sid: 'not-a-uuid' })))).toEqual([401, 401, 401]);
    expect(await statusesFor(await sign(claims({ sid: randomUUID() })))).toEqual([401, 401, 401]);
    expect(await statusesFor(await sign(claims({ sid: other.sessionId })))).toEqual([401, 401, 401]);
    const ended = await createUser(t.app);
    await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.sessionId));
    expect(await statusesFor(ended.token)).toEqual([401, 401, 401]);
  });

  it('refuses malformed authorization headers without a server error', async () => {
    for (const value of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a.b',
      'Bearer ....',
      `Bearer ${'a'.repeat(10_000)}`,
    ]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization: value } });
      expect(res.statusCode).toBe(401);
    }
  });
});
