import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { codeFrom, latestMail, login, registration, STRONG_PASSWORD } from './auth.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const verify = (email: string, code: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code } });
const resend = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/resend-code', payload: { email } });

describe('registration', () => {
  it('creates an unverified USER, answers 201 with a message and mails an 8-character code', async () => {
    const body = registration({ email: '  New.Fan@Example.TEST ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Account created. We sent a verification code to your email.' });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'new.fan@example.test'));
    expect(row).toMatchObject({ role: 'USER', emailVerifiedAt: null, verifyCodeAttempts: 0 });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await latestMail(t.app, 'new.fan@example.test');
    const code = codeFrom(mail.text);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    // Stored hashed, never in clear.
    expect(row?.verifyCodeHash).not.toContain(code);
    expect(row?.verifyCodeHash).toHaveLength(64);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'a short username',
      { username: 'ab' },
      'username',
      'Username must be 3–30 chars, letters/numbers/underscore only.',
    ],
    [
      'a long username',
      { username: 'a'.repeat(31) },
      'username',
      'Username must be 3–30 chars, letters/numbers/underscore only.',
    ],
    [
      'a username with a dash',
      { username: 'dj-kay' },
      'username',
      'Username must be 3–30 chars, letters/numbers/underscore only.',
    ],
    [
      'a short password',
      { password: 'Aa1!aaa' },
      'password',
      'Password must be 8–72 chars and include upper, lower, number and special.',
    ],
    [
      'a 73-character password',
      { password: `Aa1!${'a'.repeat(69)}` },
      'password',
      'Password must be 8–72 chars and include upper, lower, number and special.',
    ],
    [
      'a password without upper case',
      { password: 'aa1!aaaa' },
      'password',
      'Password must be 8–72 chars and include upper, lower, number and special.',
    ],
    [
      'a password without lower case',
      { password: 'AA1!AAAA' },
      'password',
      'Password must be 8–72 chars and include upper, lower, number and special.',
    ],
    [
      'a password without a digit',
      { password: 'Aaa!aaaa' },
      'password',
      'Password must be 8–72 chars and include upper, lower, number and special.',
    ],
    [
      'a password without a special character',
      { password: 'Aa1aaaaa' },
      'password',
      'Password must be 8–72 chars and include upper, lower, number and special.',
    ],
    [
      'terms not accepted',
      { termsAccepted: false },
      'termsAccepted',
      'You must accept the Terms and Privacy Policy to register.',
    ],
    [
      'terms missing',
      { termsAccepted: undefined },
      'termsAccepted',
      'You must accept the Terms and Privacy Policy to register.',
    ],
    [
      'an under-18 date of birth',
      { birthDate: `${new Date().getFullYear() - 17}-01-01` },
      'birthDate',
      'You must be 18+ to join.',
    ],
    ['an impossible date of birth', { birthDate: '1990-02-30' }, 'birthDate', 'Enter your date of birth.'],
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    ['no email', { email: undefined }, 'email', 'Email is required.'],
  ];
  it.each(cases)('refuses %s with 400 and the field message', async (_name, override, field, message) => {
    const res = await register(registration(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, errors: [{ field, message }] });
  });

  it('accepts someone who turns 18 today', async () => {
    const d = new Date();
    const pad = (x: number) => String(x).padStart(2, '0');
    const birthDate = `${d.getFullYear() - 18}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const res = await register(registration({ birthDate }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a taken email (any case) with 409 on the email field', async () => {
    const first = registration();
    await register(first);
    const res = await register(registration({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Email already in use.',
      code: 'EMAIL_TAKEN',
      errors: [{ field: 'email', message: 'Email already in use.' }],
    });
  });

  it('refuses a taken username, case-insensitively, with 409 on the username field', async () => {
    const first = registration();
    await register(first);
    const res = await register(registration({ username: first.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Username already in use.',
      code: 'USERNAME_TAKEN',
      errors: [{ field: 'username', message: 'Username already in use.' }],
    });
  });

  it('of two registrations racing for one email, exactly one succeeds', async () => {
    const body = registration();
    const results = await Promise.all([
      register(body),
      register({ ...body, username: `${body.username.slice(0, 26)}_b` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('email verification', () => {
  async function fresh() {
    const body = registration();
    await register(body);
    const code = codeFrom((await latestMail(t.app, body.email)).text) as string;
    return { email: body.email, code };
  }

  it('verifies with the code typed in lower case with spaces, then login works', async () => {
    const { email, code } = await fresh();
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(403);
    const typed = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `;
    const res = await verify(email, typed);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/verified/i);
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
    // A second verify tells the user they are done.
    expect((await verify(email, code)).json().message).toMatch(/already verified/);
  });

  it('needs an email and a code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'Email is required.' },
      { field: 'code', message: 'Enter the verification code.' },
    ]);
  });

  it('voids the code after 5 wrong tries, even the right one', async () => {
    const { email, code } = await fresh();
    for (let i = 0; i < 4; i++) {
      const res = await verify(email, 'WRONG234');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CODE_INVALID');
    }
    expect((await verify(email, 'WRONG234')).json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: 'Too many wrong codes. Request a new one.',
    });
  });

  it('refuses a code older than 10 minutes', async () => {
    const { email, code } = await fresh();
    await t.app.db
      .update(users)
      .set({ verifyCodeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(users.email, email));
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('answers an unknown email like a wrong code', async () => {
    const res = await verify('nobody@example.test', 'ABCDEFGH');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_INVALID');
  });

  it('resend: waits 30 seconds between codes, then sends a new code that replaces the old one', async () => {
    const { email, code } = await fresh();
    const early = await resend(email);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RESEND_COOLDOWN' });
    expect(early.json().message).toMatch(/^Please wait \d+ seconds? before requesting another code\.$/);

    const before = await latestMail(t.app, email);
    await t.app.db
      .update(users)
      .set({ verifyCodeSentAt: sql`now() - interval '31 seconds'`, verifyCodeAttempts: 5 })
      .where(eq(users.email, email));
    const res = await resend(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Code sent. Check your inbox.' });
    const newCode = codeFrom((await latestMail(t.app, email, before.id)).text) as string;
    expect((await verify(email, code)).statusCode).toBe(400);
    expect((await verify(email, newCode)).statusCode).toBe(200);
  });

  it('resend answers the same for unknown and verified addresses, and sends nothing', async () => {
    const res = await resend('ghost@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Code sent. Check your inbox.' });
  });
});
