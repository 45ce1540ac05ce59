import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bearer, login, refresh, refreshCookieOf, registerVerified, STRONG_PASSWORD } from '../auth/auth.test-kit.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

interface Device {
  accessToken: string;
  cookie: string;
}

async function signInOn(email: string, userAgent: string): Promise<Device> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { accessToken: res.json().accessToken, cookie: refreshCookieOf(res)?.value as string };
}

const list = (device: Device) =>
  t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(device.accessToken) });
const signOut = (device: Device, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: bearer(device.accessToken) });
const signOutOthers = (device: Device) =>
  t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: bearer(device.accessToken) });
const me = (device: Device) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(device.accessToken) });

describe('signed-in devices', () => {
  it('lists the account’s signed-in devices, named by browser, with this one marked', async () => {
    const account = await registerVerified(t.app);
    const phone = await signInOn(account.email, CHROME_ANDROID);
    const laptop = await signInOn(account.email, FIREFOX_WINDOWS);
    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const devices = res.json() as {
      id: string;
      browser: string;
      current: boolean;
      createdAt: string;
      lastUsedAt: string;
    }[];
    expect(devices.map((d) => [d.browser, d.current]).sort()).toEqual([
      ['Chrome on Android', false],
      ['Firefox on Windows', true],
    ]);
    for (const d of devices) {
      expect(Object.keys(d).sort()).toEqual(['browser', 'createdAt', 'current', 'id', 'lastUsedAt']);
      expect(Date.now() - Date.parse(d.createdAt)).toBeLessThan(60_000);
      expect(Date.parse(d.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(d.createdAt));
    }
    // Another device sees the same list with itself marked.
    const fromPhone = (await list(phone)).json() as { browser: string; current: boolean }[];
    expect(fromPhone.find((d) => d.current)?.browser).toBe('Chrome on Android');
  });

  it('names a device without a recognisable User-Agent plainly, and keeps only the first 256 characters', async () => {
    const account = await registerVerified(t.app);
    const odd = await signInOn(account.email, `curl/8.5.0 ${'x'.repeat(2000)}`);
    const [row] = await t.app.db
      .select({ userAgent: sessions.userAgent })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, account.email));
    expect(row?.userAgent?.length).toBe(256);
    const none = await login(t.app, account.email, STRONG_PASSWORD);
    const devices = (await list(odd)).json() as { browser: string }[];
    expect(none.statusCode).toBe(200);
    expect(devices.map((d) => d.browser).sort()).toEqual(['Unknown browser', 'curl']);
  });

  it('signing out one device ends only that device: its access token and its refresh', async () => {
    const account = await registerVerified(t.app);
    const phone = await signInOn(account.email, CHROME_ANDROID);
    const laptop = await signInOn(account.email, FIREFOX_WINDOWS);
    const phoneId = ((await list(phone)).json() as { id: string; current: boolean }[]).find((d) => d.current)!.id;

    const res = await signOut(laptop, phoneId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('That device is signed out.');
    expect((await me(phone)).statusCode).toBe(401);
    expect((await refresh(t.app, phone.cookie)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await refresh(t.app, laptop.cookie)).statusCode).toBe(200);
    const left = (await list(laptop)).json() as { browser: string }[];
    expect(left.map((d) => d.browser)).toEqual(['Firefox on Windows']);
    // Already signed out: nothing left to sign out.
    expect((await signOut(laptop, phoneId)).statusCode).toBe(404);
  });

  it('a device may sign itself out from the list', async () => {
    const account = await registerVerified(t.app);
    const laptop = await signInOn(account.email, FIREFOX_WINDOWS);
    const [self] = (await list(laptop)).json() as { id: string }[];
    expect((await signOut(laptop, self!.id)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it('“sign out everywhere else” ends every other device and keeps this one', async () => {
    const account = await registerVerified(t.app);
    const phone = await signInOn(account.email, CHROME_ANDROID);
    const tablet = await signInOn(account.email, SAFARI_IPHONE);
    const laptop = await signInOn(account.email, FIREFOX_WINDOWS);
    const other = await registerVerified(t.app);
    const stranger = await signInOn(other.email, CHROME_ANDROID);

    const res = await signOutOthers(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Every other device is signed out.');
    for (const gone of [phone, tablet]) {
      expect((await me(gone)).statusCode).toBe(401);
      expect((await refresh(t.app, gone.cookie)).statusCode).toBe(401);
    }
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await refresh(t.app, laptop.cookie)).statusCode).toBe(200);
    expect(((await list(laptop)).json() as { current: boolean }[]).map((d) => d.current)).toEqual([true]);
    // Another account's devices are not touched.
    expect((await me(stranger)).statusCode).toBe(200);
  });

  it('an unknown device id answers 404 and a malformed one 400', async () => {
    const account = await registerVerified(t.app);
    const laptop = await signInOn(account.email, FIREFOX_WINDOWS);
    expect((await signOut(laptop, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await signOut(laptop, 'not-a-uuid')).statusCode).toBe(400);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/account/sessions/sign-out-others'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
