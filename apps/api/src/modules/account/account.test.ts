import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, subscriptions, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bearer, login, refresh, refreshCookieOf, registerVerified, STRONG_PASSWORD } from '../auth/auth.test-kit.ts';

let t: TestApp;
const deletedSeen: number[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT: 'off' },
    setup: (app) =>
      app.domainEvents.on('account.deleted', 'test.recorder', async (_app, { userId }) => {
        deletedSeen.push(userId);
      }),
  });
});
afterAll(() => t.close());

async function signIn() {
  const account = await registerVerified(t.app);
  const res = await login(t.app, account.email, STRONG_PASSWORD);
  return {
    ...account,
    id: res.json().user.id as number,
    token: res.json().accessToken as string,
    cookie: refreshCookieOf(res)?.value as string,
  };
}
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

describe('account view', () => {
  it('answers the fields the account page shows', async () => {
    const me = await signIn();
    const res = await call('GET', '/api/account/me', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: me.id,
      email: me.email,
      username: me.username,
      role: 'USER',
      birthDate: '1995-05-20',
      affiliateCode: null,
      subscriptionTier: 'NONE',
      subscriptionStatus: 'NONE',
      subscriptionActive: false,
      verificationStatus: 'NONE',
      subscriptionStartDate: null,
      subscriptionExpiresAt: null,
      stripeCustomerId: null,
      freeTicketsUsedThisMonth: 0,
      twoFactorEnabled: false,
      createdAt: expect.any(String),
    });
    // Nothing secret leaves the server.
    expect(res.body).not.toMatch(/argon2|password|totp_secret|verifyCode/i);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('change password', () => {
  it('checks the current password and the rules', async () => {
    const me = await signIn();
    const wrong = await call('POST', '/api/account/change-password', me.token, {
      currentPassword: 'Wrong#Pass1',
      newPassword: 'Brand#New123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct.' },
    ]);
    const same = await call('POST', '/api/account/change-password', me.token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: STRONG_PASSWORD,
    });
    expect(same.json().errors).toEqual([
      { field: 'newPassword', message: 'New password must be different from your current password.' },
    ]);
    const weak = await call('POST', '/api/account/change-password', me.token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'weak',
    });
    expect(weak.json().errors).toEqual([
      { field: 'newPassword', message: 'Password must be 8–72 chars and include upper, lower, number and special.' },
    ]);
  });

  it('ends every existing session and starts a new one for this device', async () => {
    const me = await signIn();
    const other = await login(t.app, me.email, STRONG_PASSWORD);
    const res = await call('POST', '/api/account/change-password', me.token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Brand#New123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed. Other devices have been signed out.');
    // Old access tokens and refresh tokens of both devices are dead.
    expect((await call('GET', '/api/auth/me', me.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', other.json().accessToken)).statusCode).toBe(401);
    expect((await refresh(t.app, me.cookie)).statusCode).toBe(401);
    expect((await refresh(t.app, refreshCookieOf(other)?.value as string)).statusCode).toBe(401);
    // The new session works.
    expect((await call('GET', '/api/auth/me', res.json().accessToken)).statusCode).toBe(200);
    expect((await refresh(t.app, refreshCookieOf(res)?.value as string)).statusCode).toBe(200);
    expect((await login(t.app, me.email, 'Brand#New123')).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  const totpOf = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  /** A code for the step after now (accepted: +-1 step), so tests need not wait 30 s for a fresh step. */
  const codeAt = (secret: string, offsetSteps: number) =>
    totpOf(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

  it('setup, enable with a current code, login needs a code, a used code is refused, disable', async () => {
    const me = await signIn();
    expect((await call('GET', '/api/account/2fa/status', me.token)).json()).toEqual({
      enabled: false,
      hasSecret: false,
    });

    const setup = await call('POST', '/api/account/2fa/setup', me.token);
    expect(setup.statusCode).toBe(200);
    const { secretBase32, qrBase64, otpauthUrl } = setup.json();
    expect(secretBase32).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/FourFour:.+\?.*secret=/);
    // The QR is a PNG that decodes to the otpauth URL.
    const png = PNG.sync.read(Buffer.from(qrBase64, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(otpauthUrl);
    // Stored encrypted.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.totpSecretEnc).toBeTruthy();
    expect(row?.totpSecretEnc).not.toContain(secretBase32);

    // A secret that was never confirmed guards nothing.
    expect((await call('GET', '/api/account/2fa/status', me.token)).json()).toEqual({
      enabled: false,
      hasSecret: true,
    });
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(200);

    const bad = await call('POST', '/api/account/2fa/enable', me.token, { code: 123456, password: STRONG_PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('TOTP_INVALID');
    const enable = await call('POST', '/api/account/2fa/enable', me.token, {
      code: Number(codeAt(secretBase32, -1)),
      password: STRONG_PASSWORD,
    });
    expect(enable.statusCode).toBe(200);
    expect((await call('GET', '/api/account/2fa/status', me.token)).json()).toEqual({ enabled: true, hasSecret: true });
    expect((await call('POST', '/api/account/2fa/setup', me.token)).statusCode).toBe(409);

    const noCode = await login(t.app, me.email, STRONG_PASSWORD);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('TOTP_REQUIRED');
    expect(noCode.json().message).toMatch(/6-digit code/);
    expect(refreshCookieOf(noCode)).toBeUndefined();

    const wrong = await login(t.app, me.email, STRONG_PASSWORD, {
      totp: '000000' === codeAt(secretBase32, 0) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('TOTP_INVALID');

    const code = codeAt(secretBase32, 0);
    const ok = await login(t.app, me.email, STRONG_PASSWORD, { totp: code });
    expect(ok.statusCode).toBe(200);
    // The same code (same step) again: replay refused.
    const replay = await login(t.app, me.email, STRONG_PASSWORD, { totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TOTP_INVALID');
    // An earlier step than the one used is refused as well.
    expect((await login(t.app, me.email, STRONG_PASSWORD, { totp: codeAt(secretBase32, -1) })).statusCode).toBe(401);

    const disableNoPassword = await call('POST', '/api/account/2fa/disable', me.token, {
      password: 'Wrong#Pass1',
      code: codeAt(secretBase32, 1),
    });
    expect(disableNoPassword.statusCode).toBe(400);
    expect(disableNoPassword.json().errors).toEqual([{ field: 'password', message: 'That password is not correct.' }]);
    const disable = await call('POST', '/api/account/2fa/disable', me.token, {
      password: STRONG_PASSWORD,
      code: codeAt(secretBase32, 1),
    });
    expect(disable.statusCode).toBe(200);
    expect((await call('GET', '/api/account/2fa/status', me.token)).json()).toEqual({
      enabled: false,
      hasSecret: false,
    });
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('wrong second-factor codes count towards the password throttle', async () => {
    const me = await signIn();
    const { secretBase32 } = (await call('POST', '/api/account/2fa/setup', me.token)).json();
    await call('POST', '/api/account/2fa/enable', me.token, {
      code: codeAt(secretBase32, 0),
      password: STRONG_PASSWORD,
    });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(t.app, me.email, STRONG_PASSWORD, { totp: '999999' })).statusCode);
    // Three free failures, the fourth starts a wait for this address.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('enable needs a setup first, and disable needs 2FA to be on', async () => {
    const me = await signIn();
    expect(
      (await call('POST', '/api/account/2fa/enable', me.token, { code: '123456', password: STRONG_PASSWORD })).json()
        .code,
    ).toBe('TOTP_NOT_SET_UP');
    expect(
      (await call('POST', '/api/account/2fa/disable', me.token, { password: STRONG_PASSWORD, code: '123456' })).json()
        .code,
    ).toBe('TOTP_NOT_ENABLED');
  });
});

describe('account deletion', () => {
  it('anonymises the user, frees email and username, ends every session and runs the other domains’ handlers', async () => {
    const me = await signIn();
    await t.app.db
      .update(users)
      .set({ subscriptionTier: 'ENTRY', subscriptionStatus: 'ACTIVE', affiliateCode: `AFF${me.id}` })
      .where(eq(users.id, me.id));
    await t.app.db.insert(subscriptions).values({
      userId: me.id,
      provider: 'local',
      providerSubscriptionId: `sub_${me.id}`,
      tier: 'ENTRY',
      status: 'ACTIVE',
    });
    expect(t.app.domainEvents.reactionsTo('account.deleted')).toContain('account.subscription-cancel-at-period-end');

    const res = await call('DELETE', '/api/account/delete', me.token, { password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });
    expect(refreshCookieOf(res)?.value).toBe('');

    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      email: null,
      username: null,
      deleted: true,
      affiliateCode: null,
      totpSecretEnc: null,
      birthDate: '1900-01-01',
      subscriptionStatus: 'CANCELLED',
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [sub] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(sub?.cancelAtPeriodEnd).toBe(true);
    expect(deletedSeen).toContain(me.id);
    const tokens = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, me.id));
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);

    expect((await call('GET', '/api/account/me', me.token)).statusCode).toBe(401);
    expect((await refresh(t.app, me.cookie)).statusCode).toBe(401);
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(401);
    // Email and username can be registered again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: me.email,
        username: me.username,
        password: STRONG_PASSWORD,
        birthDate: '1990-01-01',
        termsAccepted: true,
      },
    });
    expect(again.statusCode).toBe(201);
  });

  it('a failing handler leaves the account untouched', async () => {
    const me = await signIn();
    t.app.domainEvents.on('account.deleted', 'test.failing', async (_app, { userId }) => {
      if (userId === me.id) throw new Error('provider unreachable');
    });
    const res = await call('DELETE', '/api/account/delete', me.token, { password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(500);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ deleted: false, email: me.email });
    expect((await call('GET', '/api/account/me', me.token)).statusCode).toBe(200);
  });
});
