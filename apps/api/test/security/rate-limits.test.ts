import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { createUser } from '../factories.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers.ts';
import { multipartBody } from '../multipart.ts';

/**
 * Who the client is (TRUST_PROXY) and the limits on the routes that send mail: per IP, per target
 * address and per account, in the shared store, so changing one's address or headers gets nowhere.
 */

const TOO_MANY = /^Too many requests\. Please wait .+ and try again\.$/;

/** Answers the client address the app sees, to show what TRUST_PROXY does. */
const echoAddress = (app: TestApp['app']) => {
  app.get('/test/client-address', async (request) => ({ ip: request.ip }));
};

describe('the client address (TRUST_PROXY)', () => {
  it('with TRUST_PROXY off, a different X-Forwarded-For on every request does not escape the sign-in limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `spoof${i}@example.test`, password: 'x' },
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, forwarded: `for=198.51.100.${i + 1}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  }, 90_000); // Many password hashes / a whole migration: slow on a loaded two-core machine, not timed.

  it('with TRUST_PROXY off, the socket address is the client whatever the headers say', async () => {
    const t = await createTestApp({ setup: echoAddress });
    try {
      const res = await t.app.inject({
        url: '/test/client-address',
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      expect(res.json()).toEqual({ ip: '192.0.2.10' });
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=1 the last hop of X-Forwarded-For is the client', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' }, setup: echoAddress });
    try {
      const res = await t.app.inject({
        url: '/test/client-address',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' },
      });
      expect(res.json()).toEqual({ ip: '203.0.113.9' });
    } finally {
      await t.close();
    }
  });

  it('with a list of proxy addresses, only those proxies are believed', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, setup: echoAddress });
    try {
      const via = (remoteAddress: string, forwardedFor: string) =>
        t.app
          .inject({ url: '/test/client-address', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })
          .then((r) => r.json().ip);
      expect(await via('10.20.30.40', '203.0.113.9')).toBe('203.0.113.9');
      // Through two trusted proxies, the first untrusted address is the client.
      expect(await via('10.20.30.40', '203.0.113.9, 10.1.1.1')).toBe('203.0.113.9');
      // A client connecting directly cannot name itself.
      expect(await via('192.0.2.77', '203.0.113.9')).toBe('192.0.2.77');
    } finally {
      await t.close();
    }
  });

  it('a TRUST_PROXY value that is not off, a hop count, loopback or addresses stops start-up naming it', () => {
    for (const bad of ['true', 'everything', '10.0.0.0/33', '300.1.1.1', '1.5', '-1', 'loopback,nonsense']) {
      let error: unknown;
      try {
        testConfig({ TRUST_PROXY: bad });
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message, bad).toMatch(/TRUST_PROXY/);
    }
    expect(testConfig({}).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(testConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8, ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });
});

describe('mail-sending routes are limited per target address and per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  /** The statuses of `count` requests, each from its own address. */
  async function fromManyAddresses(count: number, send: (remoteAddress: string) => Promise<{ statusCode: number }>) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push((await send(`198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`)).statusCode);
    return statuses;
  }
  const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  it('the same address asked for a reset link from many IPs gets 429, known or not (no enumeration)', async () => {
    const known = await createUser(t.app);
    const unknownEmail = `nobody_${uniq()}@example.test`;
    for (const email of [known.email, unknownEmail]) {
      let last = { statusCode: 0, body: '' };
      const statuses = await fromManyAddresses(7, async (remoteAddress) => {
        last = await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          // Case, spaces and a +tag do not make it another target.
          payload: { email: ` ${email.replace('@', `+${remoteAddress.replace(/\./g, '')}@`).toUpperCase()}` },
          remoteAddress,
        });
        return last;
      });
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(JSON.parse(last.body)).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(TOO_MANY) });
    }
  });

  it('the same address asked for a verification code from many IPs gets 429', async () => {
    const email = `resend_${uniq()}@example.test`;
    const statuses = await fromManyAddresses(7, (remoteAddress) =>
      t.app.inject({ method: 'POST', url: '/api/auth/resend-code', payload: { email }, remoteAddress }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('the same address registered from many IPs gets 429', async () => {
    const email = `reg_${uniq()}@example.test`;
    const statuses = await fromManyAddresses(7, (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email,
          username: `r_${uniq()}`,
          password: 'Str0ng#Passw0rd',
          birthDate: '1995-05-20',
          termsAccepted: true,
        },
        remoteAddress,
      }),
    );
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429, 429]);
  });

  it('one account submitting songs from many IPs gets 429', async () => {
    const fan = await createUser(t.app);
    const mp3 = readFileSync(path.resolve(import.meta.dirname, '../fixtures/tone.mp3'));
    const statuses = await fromManyAddresses(7, (remoteAddress) => {
      const body = multipartBody([
        { name: 'firstName', value: 'Kaia' },
        { name: 'lastName', value: 'Moreno' },
        { name: 'email', value: fan.email },
        { name: 'phone', value: '+44 7700 900123' },
        { name: 'link', value: 'https://soundcloud.com/kaia/midnight' },
        { name: 'birthDate', value: '1996-04-12' },
        { name: 'interests', value: 'GAINING_EXPOSURE' },
        { name: 'mp3', filename: 'song.mp3', contentType: 'audio/mpeg', data: mp3 },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/submissions/song',
        headers: { ...fan.headers, ...body.headers },
        payload: body.payload,
        remoteAddress,
      });
    });
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('the per-IP limits of different routes count separately', async () => {
    // Twenty registration attempts (twice their hourly limit) do not use up the same IP's sign-ins.
    const remoteAddress = '192.0.2.200';
    for (let i = 0; i < 20; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'bad' }, remoteAddress });
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `sep_${uniq()}@example.test`, password: 'x' },
      remoteAddress,
    });
    expect(signIn.statusCode).toBe(401);
  });
});
