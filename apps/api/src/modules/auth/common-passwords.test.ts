import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import {
  bearer,
  latestMail,
  login,
  registerVerified,
  registration,
  resetTokenFrom,
  STRONG_PASSWORD,
} from './auth.test-kit.ts';

/**
 * Issue 16 item 14: a password that meets the complexity rules but is one of the most common ones
 * ("Password123!": a list word with digits and a symbol stuck on) is refused where a password is
 * chosen: registration, change password and reset. The list ships in a package: no network.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const TOO_COMMON = 'This password is too common. Please choose a different one.';

describe('common passwords', () => {
  it('knows the common ones, also with digits and symbols stuck on, and passes strong ones', () => {
    for (const p of ['Password123!', 'P@ssw0rd', 'Qwerty123!', 'Sunshine2!', 'Liverpool1!', '!Dragon99']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of [STRONG_PASSWORD, 'Night#Shift2026', 'Velvet#Basement7', 'Kaia!2026']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
    expect(AUTH_MESSAGES.passwordTooCommon).toBe(TOO_COMMON);
  });

  it('refuses to register with a common password that meets the complexity rules, and accepts a strong one', async () => {
    const body = registration({ password: 'Password123!' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', message: TOO_COMMON }]);
    const strong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, password: 'Velvet#Basement7' },
    });
    expect(strong.statusCode).toBe(201);
  });

  it('refuses a common new password when changing it, and leaves the old one working', async () => {
    const account = await registerVerified(t.app);
    const token = (await login(t.app, account.email, STRONG_PASSWORD)).json().accessToken as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(token),
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Sunshine2024!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'newPassword', message: TOO_COMMON }]);
    expect((await login(t.app, account.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a common new password on reset, and the link still works for a strong one', async () => {
    const account = await registerVerified(t.app);
    const before = await latestMail(t.app, account.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    const mail = await latestMail(t.app, account.email, before.id);
    const token = decodeURIComponent(resetTokenFrom(mail.text) ?? '');
    const reset = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
    const common = await reset('Qwerty123!');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ field: 'newPassword', message: TOO_COMMON }]);
    expect((await reset('Velvet#Basement7')).statusCode).toBe(200);
    await waitFor(async () => (await login(t.app, account.email, 'Velvet#Basement7')).statusCode === 200);
  });
});
