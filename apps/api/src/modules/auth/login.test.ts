import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_MAX_FAILURES } from '@fourfour/shared/constants';
import { loginLockouts, users } from '../../db/schema/index.ts';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bearer, login, refreshCookieOf, registerVerified, registration, STRONG_PASSWORD } from './auth.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

describe('login', () => {
  it('answers the access token and the user, and sets the refresh cookie', async () => {
    const account = await registerVerified(t.app);
    const res = await login(t.app, `  ${account.email.toUpperCase()} `, STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      email: account.email,
      username: account.username,
      role: 'USER',
    });
    expect(body.accessToken.split('.')).toHaveLength(3);
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict', maxAge: 7 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy(); // PUBLIC_URL is http in tests
    expect(Buffer.from(cookie?.value ?? '', 'base64url').length).toBeGreaterThanOrEqual(16);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.accessToken) });
    expect(me.json()).toEqual(body.user);
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const account = await registerVerified(t.app);
    const wrong = await login(t.app, account.email, 'Wrong#Pass1');
    const unknown = await login(t.app, 'nobody-here@example.test', 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
  });

  it('an unverified account gets 403 EMAIL_NOT_VERIFIED asking to verify the email', async () => {
    const body = registration();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const res = await login(t.app, body.email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', needsEmailVerification: true });
    expect(res.json().message).toContain('verify your email');
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('a disabled account cannot sign in', async () => {
    const account = await registerVerified(t.app);
    await t.app.db.update(users).set({ disabled: true }).where(eq(users.email, account.email));
    const res = await login(t.app, account.email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('validates the body with the spec rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ' ', password: 'x'.repeat(73) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'Email is required.' },
      { field: 'password', message: 'Password must be at most 72 characters.' },
    ]);
    const badTotp = await login(t.app, 'a@b.test', 'x', { totp: '12345' });
    expect(badTotp.json().errors).toEqual([
      { field: 'totp', message: 'Enter the 6-digit code from your authenticator app.' },
    ]);
  });
});

describe('lockout', () => {
  it(`locks sign-in for 15 minutes after ${LOCKOUT_MAX_FAILURES} failures, even with the right password`, async () => {
    const account = await registerVerified(t.app);
    for (let i = 1; i < LOCKOUT_MAX_FAILURES; i++) {
      expect((await login(t.app, account.email, 'Wrong#Pass1')).statusCode).toBe(401);
    }
    const fifth = await login(t.app, account.email, 'Wrong#Pass1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterMinutes: 15,
    });
    const right = await login(t.app, account.email, STRONG_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(refreshCookieOf(right)).toBeUndefined();
  });

  it('counts unknown email addresses exactly like real ones (no enumeration)', async () => {
    const email = `ghost_${Date.now()}@example.test`;
    const answers = [];
    for (let i = 0; i < LOCKOUT_MAX_FAILURES + 1; i++)
      answers.push((await login(t.app, email, 'Wrong#Pass1')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 423, 423]);
  });

  it('shows the minutes left and lets the user in once the lock has passed', async () => {
    const account = await registerVerified(t.app);
    const email = account.email;
    await t.app.db
      .insert(loginLockouts)
      .values({ email, failures: 5, lockedUntil: sql`now() + interval '3 minutes 10 seconds'` });
    expect((await login(t.app, email, STRONG_PASSWORD)).json().message).toBe(
      'Too many failed sign-in attempts. Try again in 4 minutes.',
    );
    await t.app.db
      .update(loginLockouts)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginLockouts.email, email));
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
    // A success clears the count.
    expect(await t.app.db.select().from(loginLockouts).where(eq(loginLockouts.email, email))).toEqual([]);
  });

  it('failures older than the 15-minute window do not add up', async () => {
    const account = await registerVerified(t.app);
    for (let i = 0; i < 4; i++) await login(t.app, account.email, 'Wrong#Pass1');
    await t.app.db
      .update(loginLockouts)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginLockouts.email, account.email));
    expect((await login(t.app, account.email, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await login(t.app, account.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('concurrent failures cannot slip past the limit', async () => {
    const email = `burst_${Date.now()}@example.test`;
    await Promise.all(Array.from({ length: 12 }, () => login(t.app, email, 'Wrong#Pass1')));
    const [row] = await t.app.db.select().from(loginLockouts).where(eq(loginLockouts.email, email));
    expect(row?.failures).toBe(12);
    expect(row?.lockedUntil).not.toBeNull();
  });
});

describe('passwords', () => {
  it('are hashed with argon2id, m=19456 KiB, t=2, p=1', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword(STRONG_PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, STRONG_PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, `${STRONG_PASSWORD}x`)).toBe(false);
  });

  it('are not truncated: a 72-character password differs from its first 71 characters', async () => {
    const long = `Aa1!${'z'.repeat(68)}`;
    const account = await registerVerified(t.app, { password: long });
    expect((await login(t.app, account.email, long.slice(0, 71))).statusCode).toBe(401);
    expect((await login(t.app, account.email, long)).statusCode).toBe(200);
  });

  it('measures: argon2id hash and a full login stay well under a second', async () => {
    const started = performance.now();
    await hashPassword(STRONG_PASSWORD);
    const hashMs = performance.now() - started;
    const account = await registerVerified(t.app);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      expect((await login(t.app, account.email, STRONG_PASSWORD)).statusCode).toBe(200);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(`argon2id hash ${hashMs.toFixed(0)} ms; login median ${times[2]?.toFixed(0)} ms`);
    expect(times[2]).toBeLessThan(1000);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message when one address sends too many sign-ins', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      const statuses: number[] = [];
      let last = '';
      for (let i = 0; i < 22; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `r${i}@example.test`, password: 'x' },
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
        last = res.body;
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(JSON.parse(last)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(JSON.parse(last).message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.test', password: 'x' },
        remoteAddress: '203.0.113.10',
      });
      expect(other.statusCode).toBe(401);
      // Register, resend, verify and forgot are limited too.
      for (const [url, max, payload] of [
        ['/api/auth/forgot-password', 5, { email: 'f@example.test' }],
        ['/api/auth/register', 10, { email: 'bad' }],
      ] as const) {
        let status = 0;
        for (let i = 0; i <= max; i++) {
          status = (await limited.app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.7' }))
            .statusCode;
        }
        expect(status, url).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});
