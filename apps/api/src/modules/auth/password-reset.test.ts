import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestAppWithInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { bearer, login, refresh, refreshCookieOf, registration, STRONG_PASSWORD } from './auth.test-kit.ts';

/**
 * Every mail in this file goes through a real SMTP server started here, so the code and the link
 * are read from the message as it arrived.
 */
let smtp: SmtpInbox;
let t: TestApp;

const mailTo = (to: string, nth = 1) => smtp.mailTo(to, nth);

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, close } = await createTestAppWithInbox());
});
afterAll(() => close());

/** Registers and verifies with the code read from the SMTP message. */
async function account() {
  const body = registration();
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(201);
  const mail = await mailTo(body.email);
  expect(mail).toContain('Subject: Your FourFour verification code');
  const code = /^([A-HJ-NP-Z2-9]{8})\r?$/m.exec(mail)?.[1];
  expect(code).toBeTruthy();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: body.email, code } });
  expect(res.statusCode).toBe(200);
  return body;
}

/** The nth mail to the address carries the link (the verification code mail was the first). */
async function requestReset(email: string, nth = 2) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'If that email exists, a reset link has been sent.' });
  const mail = await mailTo(email, nth);
  const token = /https:\/\/fourfour\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}
const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('password reset', () => {
  it('mails a link built from PUBLIC_URL that sets a new password once, and ends every session', async () => {
    const { email } = await account();
    const signedIn = await login(t.app, email, STRONG_PASSWORD);
    const accessToken = signedIn.json().accessToken;
    const cookie = refreshCookieOf(signedIn)?.value as string;
    // The refresh cookie is Secure when PUBLIC_URL is https.
    expect(refreshCookieOf(signedIn)?.secure).toBe(true);

    const token = await requestReset(email);
    const stored = await t.app.db.select().from(passwordResetTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await reset(token, 'Brand#New123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated. You can now log in.' });

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) })).statusCode).toBe(
      401,
    );
    expect((await refresh(t.app, cookie)).statusCode).toBe(401);
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, email, 'Brand#New123')).statusCode).toBe(200);

    const second = await reset(token, 'Other#New123');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      code: 'RESET_TOKEN_INVALID',
      message: 'This reset link is invalid or has expired. Please request a new email.',
    });
  });

  it('refuses a link older than 30 minutes', async () => {
    const { email } = await account();
    const token = await requestReset(email);
    await t.app.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await reset(token, 'Brand#New123')).statusCode).toBe(400);
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('only the newest link works', async () => {
    const { email } = await account();
    const first = await requestReset(email);
    await t.app.db.update(passwordResetTokens).set({ createdAt: sql`now() - interval '2 minutes'` });
    const second = await requestReset(email, 3);
    expect((await reset(first, 'Brand#New123')).statusCode).toBe(400);
    expect((await reset(second, 'Brand#New123')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.test' },
    });
    expect(res.json()).toEqual({ message: 'If that email exists, a reset link has been sent.' });
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.messages.filter((m) => m.to === 'nobody@example.test')).toEqual([]);
  });

  it('validates the new password with the reset page message', async () => {
    const res = await reset('whatever', 'weakpass');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'newPassword', message: 'Password must meet all the requirements below.' },
    ]);
  });

  it('a reset also proves the address of an unverified account', async () => {
    const body = registration();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    await mailTo(body.email);
    const token = await requestReset(body.email, 2);
    expect((await reset(token, 'Brand#New123')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await login(t.app, body.email, 'Brand#New123')).statusCode).toBe(200);
  });
});
