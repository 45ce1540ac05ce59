import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_FREE_FAILURES } from '@fourfour/shared/constants';
import { users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * The account page asks for the password again (change password, turning 2FA off): wrong passwords
 * there are throttled like sign-ins, per account and client address, and the routes are rate
 * limited per IP, so a stolen access token cannot be used to guess the password.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const post = (user: TestUser, url: string, payload: object, remoteAddress = '203.0.113.70') =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload, remoteAddress });

const waitAnswer = (seconds: number) => ({
  code: 'TOO_MANY_ATTEMPTS',
  message: `Too many wrong passwords. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  retryAfterSeconds: seconds,
});

describe('wrong passwords on the account page', () => {
  it('change password: after the free failures this address waits, even with the right password; another address does not', async () => {
    const me = await createUser(t.app);
    const change = (currentPassword: string, remoteAddress?: string) =>
      post(me, '/api/account/change-password', { currentPassword, newPassword: 'N3w#Passw0rd!' }, remoteAddress);
    for (let i = 0; i <= THROTTLE_FREE_FAILURES; i++) {
      const wrong = await change('Wrong#Pass1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        { field: 'currentPassword', message: 'Your current password is not correct.' },
      ]);
    }
    const refused = await change(me.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(waitAnswer(1));
    const elsewhere = await change(me.password, '198.51.100.70');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('turning 2FA off counts wrong passwords the same way', async () => {
    const me = await createUser(t.app);
    await t.app.db.update(users).set({ totpEnabled: true }).where(eq(users.id, me.id));
    const statuses = [];
    for (let i = 0; i <= THROTTLE_FREE_FAILURES + 1; i++) {
      const res = await post(me, '/api/account/2fa/disable', { password: 'Wrong#Pass1', code: '123456' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual(waitAnswer(1));
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('the same account counts separately on each address and apart from sign-in', async () => {
    const me = await createUser(t.app);
    for (let i = 0; i <= THROTTLE_FREE_FAILURES; i++) {
      await post(me, '/api/account/change-password', { currentPassword: 'Wrong#Pass1', newPassword: 'N3w#Passw0rd!' });
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
      remoteAddress: '203.0.113.70',
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('per-IP limits on the account password routes', () => {
  it('change password and turning 2FA off answer 429 to one address sending too many', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      const me = await createUser(limited.app);
      for (const url of ['/api/account/change-password', '/api/account/2fa/disable']) {
        const statuses: number[] = [];
        let last = '';
        for (let i = 0; i < 11; i++) {
          // Malformed bodies: counted per IP before any password is checked.
          const res = await limited.app.inject({
            method: 'POST',
            url,
            headers: me.headers,
            payload: {},
            remoteAddress: '192.0.2.71',
          });
          statuses.push(res.statusCode);
          last = res.body;
        }
        expect(
          statuses.slice(0, 10).every((s) => s === 400),
          url,
        ).toBe(true);
        expect(statuses.at(-1), url).toBe(429);
        expect(JSON.parse(last).code).toBe('TOO_MANY_REQUESTS');
      }
    } finally {
      await limited.close();
    }
  });
});
