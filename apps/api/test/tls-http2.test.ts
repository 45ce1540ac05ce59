import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { createEvent, createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp, testConfig } from './helpers.ts';
import { selfSignedCertificate } from './self-signed.ts';

interface H2Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function h2Request(
  session: ClientHttp2Session,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': method, ':path': url, ...headers });
    const chunks: Buffer[] = [];
    let answer: Omit<H2Answer, 'body'> | undefined;
    stream.on('response', (h) => {
      answer = { status: Number(h[':status']), headers: h as H2Answer['headers'] };
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      answer ? resolve({ ...answer, body: Buffer.concat(chunks) }) : reject(new Error('no answer')),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('HTTPS and HTTP/2 from the server itself (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  const { certFile, keyFile } = selfSignedCertificate();
  const dir = path.dirname(certFile);
  const ca = readFileSync(certFile);

  /** A test app with the certificate, `prepare`d (its data made) and then listening on a free port. */
  async function startWithCertificate(prepare?: (app: TestApp['app']) => Promise<void>) {
    const t = await createTestApp({
      jobs: { work: false },
      env: { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, PUBLIC_URL: 'https://127.0.0.1' },
    });
    await prepare?.(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    return { t, port, origin: `https://127.0.0.1:${port}` };
  }

  it('needs both files, readable and in PEM form, and names what is wrong', () => {
    const problems = (env: Record<string, string>) => {
      try {
        testConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).message;
      }
    };
    expect(problems({ TLS_CERT_FILE: certFile })).toContain('TLS_CERT_FILE and TLS_KEY_FILE: set both');
    expect(problems({ TLS_KEY_FILE: keyFile })).toContain('TLS_CERT_FILE and TLS_KEY_FILE: set both');
    expect(problems({ TLS_CERT_FILE: path.join(dir, 'missing.pem'), TLS_KEY_FILE: keyFile })).toContain(
      'TLS_CERT_FILE: cannot read',
    );
    const notPem = path.join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    expect(problems({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: notPem })).toContain('TLS_KEY_FILE:');
    // A key given as the certificate is refused too, and the key's text never reaches the message.
    const swapped = problems({ TLS_CERT_FILE: keyFile, TLS_KEY_FILE: certFile });
    expect(swapped).toContain('TLS_CERT_FILE:');
    expect(swapped).not.toContain('PRIVATE KEY');
    expect(testConfig().tls).toBeUndefined();
    expect(testConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile }).tls?.cert).toContain('BEGIN CERTIFICATE');
  });

  describe('a server with a certificate', () => {
    let t: TestApp;
    let port: number;
    let origin: string;
    let fan: TestUser;
    let eventId: number;

    beforeAll(async () => {
      ({ t, port, origin } = await startWithCertificate(async (app) => {
        fan = await createUser(app);
        eventId = (await createEvent(app, { title: 'Over HTTP/2' })).id;
      }));
    });
    afterAll(() => t?.close());

    it('answers browsers over HTTP/2: public and signed-in calls, compressed answers', async () => {
      const session = http2Connect(origin, { ca });
      try {
        await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
        expect(session.alpnProtocol).toBe('h2');
        const health = await h2Request(session, 'GET', '/api/health');
        expect(health.status).toBe(200);
        expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
        // Served over HTTPS (PUBLIC_URL https): browsers are told to keep to it.
        expect(health.headers['strict-transport-security']).toContain('max-age=31536000');
        // Several requests share the one connection, as a page's files do.
        const [list, me] = await Promise.all([
          h2Request(session, 'GET', '/api/events/list', { 'accept-encoding': 'br' }),
          h2Request(session, 'GET', '/api/auth/me', fan.headers),
        ]);
        expect(list.status).toBe(200);
        expect(list.headers['content-encoding']).toBe('br');
        const events = JSON.parse(brotliDecompressSync(list.body).toString()) as { id: number }[];
        expect(events.map((e) => e.id)).toContain(eventId);
        expect(me.status).toBe(200);
        expect(JSON.parse(me.body.toString())).toMatchObject({ id: fan.id, email: fan.email });
        // Bad input is refused as over HTTP/1.1, and the connection stays usable.
        const refused = await h2Request(session, 'GET', '/api/events/not-a-number');
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
        expect((await h2Request(session, 'GET', '/api/health')).status).toBe(200);
      } finally {
        session.close();
      }
    });

    it('signs in and restores the session over HTTP/2: a Secure cookie, and a foreign Origin refused', async () => {
      const session = http2Connect(origin, { ca });
      try {
        const login = await h2Request(
          session,
          'POST',
          '/api/auth/login',
          { 'content-type': 'application/json', origin },
          JSON.stringify({ email: fan.email, password: fan.password }),
        );
        expect(login.status).toBe(200);
        const setCookie = [login.headers['set-cookie']].flat().filter((c): c is string => !!c);
        expect(setCookie.length).toBeGreaterThan(0);
        expect(setCookie.every((c) => /;\s*Secure/i.test(c) && /HttpOnly/i.test(c))).toBe(true);
        const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');

        const restored = await h2Request(session, 'POST', '/api/auth/refresh', { cookie, origin });
        expect(restored.status).toBe(200);
        const answer = JSON.parse(restored.body.toString()) as { accessToken: string; user: { id: number } };
        expect(answer.user.id).toBe(fan.id);
        expect(answer.accessToken.length).toBeGreaterThan(20);

        const foreign = await h2Request(session, 'POST', '/api/auth/refresh', {
          cookie,
          origin: 'https://evil.example',
        });
        expect(foreign.status).toBe(403);
      } finally {
        session.close();
      }
    });

    it('still answers HTTP/1.1 clients over TLS, and nothing in plain text', async () => {
      const viaHttp1 = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
        httpsRequest(`${origin}/api/health`, { ca }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body }));
        })
          .on('error', reject)
          .end();
      });
      expect(viaHttp1).toEqual({ status: 200, version: '1.1', body: '{"status":"ok"}' });

      const plain = await new Promise<string>((resolve) => {
        httpRequest(`http://127.0.0.1:${port}/api/health`, (res) => resolve(`answered ${res.statusCode}`))
          .on('error', (err) => resolve(`refused: ${(err as NodeJS.ErrnoException).code ?? err.message}`))
          .setTimeout(5000, function (this: { destroy(): void }) {
            this.destroy();
          })
          .end();
      });
      expect(plain).toMatch(/^refused/);
    });
  });

  it('closes promptly with a browser connection open (SIGTERM in a deploy)', async () => {
    const { t, origin } = await startWithCertificate();
    const session = http2Connect(origin, { ca });
    session.on('error', () => {});
    expect((await h2Request(session, 'GET', '/api/health')).status).toBe(200);
    // The session is idle and open, as a phone's would be between two clicks.
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    session.destroy();
  }, 30_000);
});
