import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/** Issue 16, items 8 and 14: settings that are safe on a laptop and not on a network. */

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  TICKET_SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIA==\\n-----END PRIVATE KEY-----',
  DATABASE_URL: 'postgres://db.internal/fourfour',
  SMTP_URL: 'smtp://mail.internal:587',
  PUBLIC_URL: 'https://tickets.example.com',
  PAYMENTS_PROVIDER: 'local',
  DATA_DIR: '/tmp/fourfour-prod-config-test',
} as const;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('production refuses unsafe settings, naming each', () => {
  it('starts with a complete, safe production configuration', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('refuses demo data, lifted rate limits, an open dev mailbox and a plain-http public address', () => {
    const problems = problemsOf({
      ...PRODUCTION,
      DEMO_DATA: '1',
      RATE_LIMIT: 'off',
      DEV_MAILBOX: 'on',
      PUBLIC_URL: 'http://tickets.example.com',
    }).join('\n');
    expect(problems).toMatch(/^DEMO_DATA: /m);
    expect(problems).toMatch(/^RATE_LIMIT: /m);
    expect(problems).toMatch(/^DEV_MAILBOX: /m);
    expect(problems).toMatch(/^PUBLIC_URL: must be https/m);
  });

  it('refuses each unsafe setting on its own', () => {
    expect(problemsOf({ ...PRODUCTION, DEMO_DATA: 'true' })).toEqual([expect.stringMatching(/^DEMO_DATA/)]);
    expect(problemsOf({ ...PRODUCTION, RATE_LIMIT: 'off' })).toEqual([expect.stringMatching(/^RATE_LIMIT/)]);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://10.0.0.5:3000' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL/),
    ]);
  });

  it('allows plain http to this machine only, and never keeps a dev mailbox in production', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: url })).toEqual([]);
    }
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: '0' }).devMailbox).toBe('off');
  });
});

describe('the dev mailbox', () => {
  let local: TestApp;
  let open: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    // One after another: three apps starting at once on two loaded cores can miss Fastify's
    // plugin start-up timeout.
    local = await createTestApp();
    open = await createTestApp({ env: { DEV_MAILBOX: 'on' } });
    off = await createTestApp({ env: { DEV_MAILBOX: 'off' } });
  });
  afterAll(async () => {
    await Promise.all([local?.close(), open?.close(), off?.close()]);
  });

  const paths = ['/dev/mailbox', '/dev/mailbox/messages.json', '/dev/mailbox/1.html'];

  it('answers requests from this machine', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages.json']) {
      const res = await local.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, url).toBe(200);
    }
    const v6 = await local.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });

  it('does not exist for another address, nor for a request a local proxy relays', async () => {
    for (const url of paths) {
      const remote = await local.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('Dev mailbox');
      const relayed = await local.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(relayed.statusCode, url).toBe(404);
      const forwarded = await local.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { forwarded: 'for=203.0.113.9' },
      });
      expect(forwarded.statusCode, url).toBe(404);
    }
  });

  it('answers anyone with DEV_MAILBOX=on and nobody with DEV_MAILBOX=off', async () => {
    const remote = await open.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(200);
    const localOff = await off.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(localOff.statusCode).toBe(404);
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.get('/test/request-id', async (request) => ({ id: request.id }));
      },
    });
  });
  afterAll(async () => t?.close());

  const idOf = async (header?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/request-id',
      headers: header === undefined ? {} : { 'x-request-id': header },
    });
    return (res.json() as { id: string }).id;
  };

  it("keeps a proxy's short safe request id", async () => {
    expect(await idOf('lb-7f3a9c.01')).toBe('lb-7f3a9c.01');
  });

  it('replaces an unsafe or oversized request id with a fresh one', async () => {
    for (const hostile of ['a'.repeat(65), 'x\r\n{"level":60}', '<script>', 'id with spaces', '']) {
      const id = await idOf(hostile);
      expect(id).not.toBe(hostile);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await idOf()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
