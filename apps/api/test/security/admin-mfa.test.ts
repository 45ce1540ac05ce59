import { Secret, TOTP } from 'otpauth';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import type { Role } from '@fourfour/shared/enums';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { rolesOf } from '../../src/plugins/auth.ts';
import { issueTickets, scan } from '../../src/modules/scan/scan.test-kit.ts';
import { createEvent, createUser, type TestUser } from '../factories.ts';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../helpers.ts';

/**
 * Those who can move money or people (ADMIN, MASTER) must turn on two-factor sign-in before admin
 * routes answer them, whenever REQUIRE_MFA_ROLES names their role (production: always). Their
 * account page, sign-in and refresh stay open so they can do it (decisions.md, issue 16 item 11).
 */

const ADMIN_ONLY: readonly Role[] = ['ADMIN', 'MASTER'];
/** The routes only ADMIN and/or MASTER may call, as they declare it (config.access): the admin routes. */
const adminRoutesOf = (app: FastifyInstance) =>
  app.routeList.flatMap((r): [string, readonly Role[]][] => {
    const roles = r.access ? rolesOf(r.access) : null;
    return roles?.every((role) => ADMIN_ONLY.includes(role)) ? [[`${r.method} ${r.url}`, roles]] : [];
  });

const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, '987654').replace('*', 'x.webp');

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** Turns two-factor on through the account routes, as the account page does. */
async function enableTwoFactor(t: TestApp, user: TestUser): Promise<void> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/account/2fa/setup', headers: user.headers });
  expect(setup.statusCode).toBe(200);
  const code = totpOf(setup.json().secretBase32).generate();
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/account/2fa/enable',
    headers: user.headers,
    payload: { code, password: user.password },
  });
  expect(enable.statusCode, enable.body).toBe(200);
}

describe('with REQUIRE_MFA_ROLES=ADMIN,MASTER', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off', REQUIRE_MFA_ROLES: 'ADMIN,MASTER' }, jobs: { work: false } });
  });
  afterAll(async () => t?.close());

  it('refuses an admin without two-factor on an admin route with MFA_REQUIRED, and admits them once it is on', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'MFA_REQUIRED', message: AUTH_MESSAGES.mfaRequired });

    // The account page stays open, so the admin can turn two-factor on.
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me', headers: admin.headers })).statusCode).toBe(
      200,
    );
    await enableTwoFactor(t, admin);

    const admitted = await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: admin.headers });
    expect(admitted.statusCode).toBe(200);
  });

  it('refuses every ADMIN or MASTER route to a caller of that role without two-factor', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const master = await createUser(t.app, { role: 'MASTER' });
    const adminRoutes = adminRoutesOf(t.app);
    expect(adminRoutes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const [key, roles] of adminRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      const caller = roles.includes('ADMIN') ? admin : master;
      const res = await t.app.inject({
        method: method as 'GET',
        url: concretePath(url),
        headers: caller.headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 || res.json().code !== 'MFA_REQUIRED') failures.push(`${key}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps sign-in, refresh and the rest of the site open to an admin without two-factor', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name.endsWith('refreshToken'));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [cookie!.name]: cookie!.value },
    });
    expect(refreshed.statusCode).toBe(200);
    for (const url of ['/api/auth/me', '/api/account/me', '/api/account/2fa/status', '/api/account/my-tickets']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('lets an event worker without two-factor scan tickets at the door', async () => {
    const worker = await createUser(t.app, { role: 'EVENT_WORKER' });
    const owner = await createUser(t.app);
    const event = await createEvent(t.app, {
      startsAt: new Date(Date.now() - 3600_000),
      endsAt: new Date(Date.now() + 5 * 3600_000),
    });
    const [ticket] = await issueTickets(t.app, owner, event.id);
    const res = await scan(t.app, worker, ticket!.code);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('without REQUIRE_MFA_ROLES outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
  });
  afterAll(async () => t?.close());

  it('lets an admin without two-factor use admin routes as before', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const master = await createUser(t.app, { role: 'MASTER' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: admin.headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/master/stats', headers: master.headers })).statusCode).toBe(
      200,
    );
  });
});

describe('the REQUIRE_MFA_ROLES setting', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'x'.repeat(40),
    TICKET_SIGNING_KEY: testConfig().ticketSigningKeyPem,
    DATABASE_URL: 'postgres://db/fourfour',
    SMTP_URL: 'smtp://mail:25',
    PUBLIC_URL: 'https://fourfour.example',
    PAYMENTS_PROVIDER: 'local',
    DEMO_DATA: '0',
  };

  it('requires ADMIN and MASTER in production by default, and nobody outside it', () => {
    expect(loadConfig(production).requireMfaRoles).toEqual(['ADMIN', 'MASTER']);
    expect(testConfig().requireMfaRoles).toEqual([]);
    expect(testConfig({ REQUIRE_MFA_ROLES: 'admin, MASTER' }).requireMfaRoles).toEqual(['ADMIN', 'MASTER']);
    expect(testConfig({ REQUIRE_MFA_ROLES: 'MASTER' }).requireMfaRoles).toEqual(['MASTER']);
  });

  it('says in one start-up line when two-factor for admins is off, and nothing when it is on', async () => {
    const startUpLines = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const database = await createTestDatabase();
      const app = await buildApp({
        config: testConfig(env),
        database,
        webApp: false,
        jobs: { work: false },
        logger: loggerOptions('info', { write: (line: string) => void lines.push(line) }),
      });
      await app.ready();
      await app.close();
      await database.close();
      return lines.filter((line) => /two-factor sign-in for admins is off/.test(line));
    };
    expect(await startUpLines({})).toHaveLength(1);
    expect(await startUpLines({ REQUIRE_MFA_ROLES: 'ADMIN,MASTER' })).toHaveLength(0);
  });

  it('stops start-up naming the variable for a role without admin routes, or for less than ADMIN and MASTER in production', () => {
    expect(() => testConfig({ REQUIRE_MFA_ROLES: 'ADMIN,EVENT_WORKER' })).toThrow(/REQUIRE_MFA_ROLES/);
    expect(() => loadConfig({ ...production, REQUIRE_MFA_ROLES: 'ADMIN' })).toThrow(/REQUIRE_MFA_ROLES/);
    expect(() => loadConfig({ ...production, REQUIRE_MFA_ROLES: 'none' })).toThrow(/REQUIRE_MFA_ROLES/);
  });
});
