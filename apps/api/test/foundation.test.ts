import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

describe('the API platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup(app) {
        // Test routes declare their access like every other /api route.
        const open = { config: { access: 'public' } } as const;
        app.post('/api/test-echo', open, async (request) => request.body);
        app.get('/api/test-boom', open, async () => {
          throw new Error('secret internals: connection string postgres://x');
        });
      },
    });
  });
  afterAll(async () => t?.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers an unknown /api route with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('answers a too-large body with 413 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  });

  it('hides an unexpected failure behind a generic 500 message', async () => {
    const res = await t.app.inject('/api/test-boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret internals');
  });

  it('sends the security headers on every response', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://open.spotify.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('tells the client the public configuration', async () => {
    const res = await t.app.inject('/api/config/public');
    expect(res.json()).toMatchObject({ productName: 'FourFour', paymentsProvider: 'local', timezone: 'Europe/London' });
  });
});

describe('HSTS', () => {
  it('is sent when the public URL is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://fourfour.example' } });
    try {
      const res = await t.app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });
});

describe('request logs', () => {
  it('never carry query strings, headers or the client address', async () => {
    const lines: string[] = [];
    const { buildApp, loggerOptions } = await import('../src/app.ts');
    const { createTestDatabase, testConfig } = await import('./helpers.ts');
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      webApp: false,
      jobs: { work: false },
      logger: loggerOptions('info', { write: (line: string) => void lines.push(line) }),
    });
    try {
      await app.ready();
      await app.inject({
        method: 'POST',
        url: '/api/ticket-scan?qrCodeValue=SECRET-TICKET-TOKEN',
        headers: { authorization: 'Bearer SECRET-BEARER', cookie: 'refreshToken=SECRET-COOKIE' },
      });
      await app.inject({ url: '/api/tickets/checkout-result?session_id=cs_SECRET_SESSION' });
      const log = lines.join('\n');
      expect(log).toContain('/api/ticket-scan');
      for (const secret of [
        'SECRET-TICKET-TOKEN',
        'SECRET-BEARER',
        'SECRET-COOKIE',
        'cs_SECRET_SESSION',
        'remoteAddress',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
