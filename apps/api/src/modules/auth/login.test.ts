import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCKOUT_DURATION_MINUTES,
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_WINDOW_MINUTES,
  THROTTLE_FREE_FAILURES,
} from '@fourfour/shared/constants';
import { authThrottles, users } from '../../db/schema/index.ts';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { sweepPasswordThrottles } from './password-throttle.service.ts';
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

describe('password throttling', () => {
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  /** Ends every running wait, as if the time had passed. */
  const waitsPass = () =>
    t.app.db
      .update(authThrottles)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(sql`${authThrottles.blockedUntil} > now()`);

  it('five wrong passwords from one address do not stop the right password from another', async () => {
    const account = await registerVerified(t.app);
    for (let i = 0; i < 5; i++) await loginFrom('203.0.113.1', account.email, 'Wrong#Pass1');
    expect((await loginFrom('203.0.113.1', account.email, STRONG_PASSWORD)).statusCode).toBe(429);
    const elsewhere = await loginFrom('198.51.100.2', account.email, STRONG_PASSWORD);
    expect(elsewhere.statusCode).toBe(200);
    expect(refreshCookieOf(elsewhere)).toBeDefined();
  });

  it(`after ${THROTTLE_FREE_FAILURES} failures each further failure from the same address doubles the wait, even for the right password`, async () => {
    const account = await registerVerified(t.app);
    const from = '203.0.113.20';
    const statuses = [];
    for (let i = 0; i < THROTTLE_FREE_FAILURES + 1; i++)
      statuses.push((await loginFrom(from, account.email, 'Wrong#Pass1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const waits = [];
    for (let round = 0; round < 4; round++) {
      const refused = await loginFrom(from, account.email, STRONG_PASSWORD);
      expect(refused.statusCode).toBe(429);
      waits.push(refused.json());
      expect(refreshCookieOf(refused)).toBeUndefined();
      await waitsPass();
      expect((await loginFrom(from, account.email, 'Wrong#Pass1')).statusCode).toBe(401);
    }
    expect(waits).toEqual(
      [1, 2, 4, 8].map((seconds) => ({
        code: 'TOO_MANY_ATTEMPTS',
        message: `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        retryAfterSeconds: seconds,
      })),
    );
    // The wait stops growing at 15 minutes.
    await t.app.db
      .update(authThrottles)
      .set({ failures: 40 })
      .where(sql`starts_with(${authThrottles.key}, ${`login:${account.email}|`})`);
    await waitsPass();
    await loginFrom(from, account.email, 'Wrong#Pass1');
    expect((await loginFrom(from, account.email, STRONG_PASSWORD)).json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterSeconds: 900,
    });
    // Once the wait has passed the right password signs in, and the address starts afresh.
    await waitsPass();
    expect((await loginFrom(from, account.email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < THROTTLE_FREE_FAILURES; i++)
      expect((await loginFrom(from, account.email, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await loginFrom(from, account.email, 'Wrong#Pass1')).statusCode).toBe(401);
  });

  it('counts unknown email addresses exactly like real ones (no enumeration)', async () => {
    const account = await registerVerified(t.app);
    const answers = async (email: string) => {
      const out = [];
      // Four failures, then one more at once: it lands inside the first 1 s wait. (A sixth could
      // land after that wait on a loaded machine, so the test stops at five.)
      for (let i = 0; i < 5; i++) {
        const res = await loginFrom('203.0.113.30', email, 'Wrong#Pass1');
        out.push([res.statusCode, res.json().code]);
      }
      return out;
    };
    const real = await answers(account.email);
    expect(real).toEqual(await answers(`ghost_${Date.now()}@example.test`));
    expect(real.map(([status]) => status)).toEqual([401, 401, 401, 401, 429]);
  });

  it(`${LOCKOUT_MAX_FAILURES} failures within ${LOCKOUT_WINDOW_MINUTES} minutes from many addresses lock the email for ${LOCKOUT_DURATION_MINUTES} minutes`, async () => {
    const account = await registerVerified(t.app);
    const statuses = [];
    let last: Awaited<ReturnType<typeof loginFrom>> | undefined;
    for (let i = 1; i <= LOCKOUT_MAX_FAILURES; i++) {
      last = await loginFrom(`198.18.0.${i}`, account.email, 'Wrong#Pass1');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(423);
    const locked = {
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterMinutes: 15,
    };
    expect(last?.json()).toEqual(locked);
    // From a new address, even the right password waits for the lock to pass.
    const right = await loginFrom('192.0.2.99', account.email, STRONG_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual(locked);
    expect(refreshCookieOf(right)).toBeUndefined();
  }, 90_000); // Many password hashes / a whole migration: slow on a loaded two-core machine, not timed.

  it('shows the minutes left of a lock and lets the user in once it has passed', async () => {
    const account = await registerVerified(t.app);
    const email = account.email;
    await t.app.db.insert(authThrottles).values({
      key: `login:${email}`,
      failures: LOCKOUT_MAX_FAILURES,
      blockedUntil: sql`now() + interval '3 minutes 10 seconds'`,
    });
    expect((await login(t.app, email, STRONG_PASSWORD)).json().message).toBe(
      'Too many failed sign-in attempts. Try again in 4 minutes.',
    );
    await waitsPass();
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it(`failures older than the ${LOCKOUT_WINDOW_MINUTES}-minute window do not add up towards the lock`, async () => {
    const account = await registerVerified(t.app);
    await t.app.db.insert(authThrottles).values({
      key: `login:${account.email}`,
      failures: LOCKOUT_MAX_FAILURES - 1,
      windowStartedAt: sql`now() - interval '${sql.raw(String(LOCKOUT_WINDOW_MINUTES + 1))} minutes'`,
    });
    expect((await loginFrom('203.0.113.40', account.email, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await loginFrom('203.0.113.40', account.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets counts a day after the last failure, unless a wait is still running', async () => {
    const stale = `login:stale_${Date.now()}@example.test`;
    const running = `login:running_${Date.now()}@example.test`;
    await t.app.db.insert(authThrottles).values([
      { key: stale, failures: 9, lastFailureAt: sql`now() - interval '25 hours'` },
      {
        key: running,
        failures: 9,
        lastFailureAt: sql`now() - interval '25 hours'`,
        blockedUntil: sql`now() + interval '1 minute'`,
      },
    ]);
    await sweepPasswordThrottles(t.app.db);
    const left = await t.app.db
      .select({ key: authThrottles.key })
      .from(authThrottles)
      .where(inArray(authThrottles.key, [stale, running]));
    expect(left).toEqual([{ key: running }]);
  });

  it('concurrent failures cannot slip past the count', async () => {
    const email = `burst_${Date.now()}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => loginFrom('203.0.113.50', email, 'Wrong#Pass1')),
    );
    // An attempt that arrives after the count set a wait is refused (429) before the password is
    // checked, and counts nothing; how many do depends on scheduling. Every other one (401) must
    // be counted, under both keys: none lost to a concurrent update.
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const counted = statuses.filter((s) => s === 401).length;
    expect(counted).toBeGreaterThan(THROTTLE_FREE_FAILURES);
    const rows = await t.app.db
      .select()
      .from(authThrottles)
      .where(sql`starts_with(${authThrottles.key}, ${`login:${email}`})`);
    expect(rows.map((r) => r.failures)).toEqual([counted, counted]);
    expect(rows.map((r) => r.key).sort()).toEqual([`login:${email}`, `login:${email}|203.0.113.50`]);
    expect(rows.find((r) => r.key.includes('|'))?.blockedUntil).not.toBeNull();
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
