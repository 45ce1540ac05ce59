import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_FREE_FAILURES } from '@fourfour/shared/constants';
import { devMailbox, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { bearer, login, registerVerified, STRONG_PASSWORD } from '../auth/auth.test-kit.ts';

/**
 * Issue 16 item 4: a stolen access token alone can neither turn two-factor sign-in on (locking the
 * owner out) nor delete the account; both need the password (and the current code when 2FA is on).
 * The owner hears of every change to how they sign in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const WRONG = 'Wr0ng#Password';
const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
const codeAt = (secret: string, offsetSteps: number) =>
  totpOf(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
/** A 6-digit code that is not valid in the accepted window. */
const badCodeFor = (secret: string) => {
  const valid = new Set([-1, 0, 1].map((s) => codeAt(secret, s)));
  return ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c)) as string;
};

async function signIn() {
  const account = await registerVerified(t.app);
  const res = await login(t.app, account.email, STRONG_PASSWORD);
  return { ...account, id: res.json().user.id as number, token: res.json().accessToken as string };
}
const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

async function mailsTo(email: string) {
  return t.app.db.select().from(devMailbox).where(eq(devMailbox.to, email)).orderBy(desc(devMailbox.id));
}
async function mailWithSubject(email: string, subject: RegExp) {
  return waitFor(async () => (await mailsTo(email)).find((m) => subject.test(m.subject)));
}
async function withTwoFactor() {
  const me = await signIn();
  const { secretBase32 } = (await call('POST', '/api/account/2fa/setup', me.token)).json();
  const on = await call('POST', '/api/account/2fa/enable', me.token, {
    code: codeAt(secretBase32, -1),
    password: STRONG_PASSWORD,
  });
  expect(on.statusCode).toBe(200);
  return { ...me, secret: secretBase32 as string };
}
const row = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];

describe('turning two-factor sign-in on needs the password', () => {
  it('refuses a wrong or missing password with a field error on password, and leaves 2FA off', async () => {
    const me = await signIn();
    const { secretBase32 } = (await call('POST', '/api/account/2fa/setup', me.token)).json();

    const wrong = await call('POST', '/api/account/2fa/enable', me.token, {
      code: codeAt(secretBase32, 0),
      password: WRONG,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: 'That password is not correct.' }]);
    const missing = await call('POST', '/api/account/2fa/enable', me.token, { code: codeAt(secretBase32, 0) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'Password is required.' }]);
    expect((await row(me.id))?.totpEnabled).toBe(false);
    // The code offered with the wrong password was not used up.
    expect((await row(me.id))?.totpLastStep).toBeNull();

    const right = await call('POST', '/api/account/2fa/enable', me.token, {
      code: codeAt(secretBase32, 0),
      password: STRONG_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    expect((await row(me.id))?.totpEnabled).toBe(true);
  });
});

describe('deleting the account needs the password (and the code when 2FA is on)', () => {
  it('refuses a wrong or missing password with a field error on password, and deletes nothing', async () => {
    const me = await signIn();
    const wrong = await call('DELETE', '/api/account/delete', me.token, { password: WRONG });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: 'That password is not correct.' }]);
    const none = await call('DELETE', '/api/account/delete', me.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors?.[0]?.field).toBe('password');
    expect(await row(me.id)).toMatchObject({ deleted: false, email: me.email });

    const right = await call('DELETE', '/api/account/delete', me.token, { password: STRONG_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: 'Your account has been deleted.' });
    expect((await row(me.id))?.deleted).toBe(true);
  });

  it('with 2FA on, a missing or wrong code is a field error on code and deletes nothing', async () => {
    const me = await withTwoFactor();
    const missing = await call('DELETE', '/api/account/delete', me.token, { password: STRONG_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'code', message: 'Enter the 6-digit code from your authenticator app.' },
    ]);
    const wrong = await call('DELETE', '/api/account/delete', me.token, {
      password: STRONG_PASSWORD,
      code: badCodeFor(me.secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors?.[0]?.field).toBe('code');
    const wrongPassword = await call('DELETE', '/api/account/delete', me.token, {
      password: WRONG,
      code: codeAt(me.secret, 0),
    });
    expect(wrongPassword.json().errors).toEqual([{ field: 'password', message: 'That password is not correct.' }]);
    expect((await row(me.id))?.deleted).toBe(false);

    const right = await call('DELETE', '/api/account/delete', me.token, {
      password: STRONG_PASSWORD,
      code: codeAt(me.secret, 1),
    });
    expect(right.statusCode).toBe(200);
    expect((await row(me.id))?.deleted).toBe(true);
  });
});

describe('wrong passwords there are throttled like the account page’s other password checks', () => {
  it('after the free failures on 2FA enable and deletion, this address waits, even with the right password', async () => {
    const me = await signIn();
    const { secretBase32 } = (await call('POST', '/api/account/2fa/setup', me.token)).json();
    const from = (remoteAddress: string) => ({ headers: bearer(me.token), remoteAddress });
    const statuses: number[] = [];
    // Failures on both routes add up under the same per-account key.
    for (let i = 0; i <= THROTTLE_FREE_FAILURES; i++) {
      const res =
        i % 2 === 0
          ? await t.app.inject({
              method: 'POST',
              url: '/api/account/2fa/enable',
              payload: { code: codeAt(secretBase32, 0), password: WRONG },
              ...from('203.0.113.90'),
            })
          : await t.app.inject({
              method: 'DELETE',
              url: '/api/account/delete',
              payload: { password: WRONG },
              ...from('203.0.113.90'),
            });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const waiting = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: { password: STRONG_PASSWORD },
      ...from('203.0.113.90'),
    });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await row(me.id))?.deleted).toBe(false);
    // Another address is not slowed: the owner can still act.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      payload: { code: codeAt(secretBase32, 0), password: STRONG_PASSWORD },
      ...from('198.51.100.90'),
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the owner is told by email when the way they sign in changes', () => {
  it('mails when two-factor sign-in is turned on and when it is turned off', async () => {
    const me = await withTwoFactor();
    const on = await mailWithSubject(me.email, /two-factor.*turned on/i);
    expect(on.text).toMatch(/If this was not you/i);
    const off = await call('POST', '/api/account/2fa/disable', me.token, {
      password: STRONG_PASSWORD,
      code: codeAt(me.secret, 1),
    });
    expect(off.statusCode).toBe(200);
    await mailWithSubject(me.email, /two-factor.*turned off/i);
  });

  it('mails when the password is changed and when it is reset', async () => {
    const me = await signIn();
    const changed = await call('POST', '/api/account/change-password', me.token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'An0ther#Secret9',
    });
    expect(changed.statusCode).toBe(200);
    const mail = await mailWithSubject(me.email, /password was changed/i);
    expect(mail.text).not.toContain('An0ther#Secret9');

    const before = (await mailsTo(me.email)).length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: me.email } });
    const link = await waitFor(async () =>
      (await mailsTo(me.email)).find((m) => /reset-password\?token=/.test(m.text)),
    );
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(link.text)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token), newPassword: 'Thi4d#Secret77' },
    });
    expect(reset.statusCode).toBe(200);
    await waitFor(async () => {
      const all = await mailsTo(me.email);
      return all.length >= before + 2 && all.filter((m) => /password was changed/i.test(m.subject)).length === 2;
    });
  });
});
