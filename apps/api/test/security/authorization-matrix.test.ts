import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@fourfour/shared/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../src/app.ts';
import { users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { type RouteAccess, rolesOf } from '../../src/plugins/auth.ts';
import { signInAs } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Every route the app serves, called by every kind of caller, answers 401 or 403 exactly where its
 * own access declaration (config.access, plugins/auth.ts) refuses that caller. The declarations are
 * read from the app's route list, so a new route is covered without editing this file; an /api route
 * without one stops the app from starting, and any other route without one fails the first test.
 */

/** A member: a USER with an active membership. No access names memberships: their role decides. */
type Caller = 'anonymous' | 'member' | Role;
const CALLERS: Caller[] = ['anonymous', 'member', ...ROLES];
const roleOf = (caller: Exclude<Caller, 'anonymous'>): Role => (caller === 'member' ? 'USER' : caller);

const isCookieRoute = (access: RouteAccess) => access === 'refresh-cookie' || access === 'refresh-cookie-optional';

/**
 * Whether the declaration admits the caller, as app.inject calls: from 127.0.0.1, through no proxy,
 * with no METRICS_TOKEN configured. On the refresh cookie's routes a caller sends their own cookie
 * (anonymous: none) and no bearer token; everywhere else their bearer token (anonymous: none).
 */
function isAllowed(access: RouteAccess, caller: Caller): boolean {
  if (access === 'public' || access === 'loopback-or-token' || access === 'refresh-cookie-optional') return true;
  if (caller === 'anonymous') return false;
  const roles = rolesOf(access);
  return roles === null || roles.includes(roleOf(caller));
}

/** Fills path parameters with values that exist nowhere, so allowed calls fail as 400/404 at worst. */
function concretePath(url: string): string {
  return url
    .replace(':ticketId', randomUUID())
    .replace(':sessionId', 'cs_does_not_exist')
    .replace(':id.html', '987654.html')
    .replace(/:[A-Za-z]+/g, '987654')
    .replace('*', `events/${randomUUID()}.webp`);
}

describe('authorization matrix', () => {
  let t: TestApp;
  let passwordHash: string;
  let seq = 0;
  const PASSWORD = 'Matrix#Pass1';

  /** A fresh verified account per call, so a call that deletes or changes its caller harms no other. */
  async function accountFor(caller: Exclude<Caller, 'anonymous'>) {
    seq += 1;
    const name = `matrix${seq}-${caller.toLowerCase()}`;
    const member =
      caller === 'member'
        ? {
            subscriptionTier: 'MIDDLE' as const,
            subscriptionStatus: 'ACTIVE' as const,
            subscriptionStartDate: new Date(),
            subscriptionExpiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
            verificationStatus: 'VERIFIED' as const,
          }
        : {};
    const [row] = await t.app.db
      .insert(users)
      .values({
        email: `${name}@example.test`,
        username: name.replace('-', '_').slice(0, 30),
        passwordHash,
        birthDate: '1990-01-01',
        role: roleOf(caller),
        emailVerifiedAt: new Date(),
        ...member,
      })
      .returning();
    return row!;
  }

  /** The caller's credentials for the route: a bearer token, or a refresh cookie from signing in. */
  async function credentialsFor(caller: Caller, access: RouteAccess): Promise<Record<string, string>> {
    if (caller === 'anonymous') return {};
    const account = await accountFor(caller);
    if (!isCookieRoute(access)) return { authorization: `Bearer ${(await signInAs(t.app, account)).token}` };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'refreshToken');
    if (!cookie) throw new Error(`no refresh cookie for ${caller}: ${login.statusCode} ${login.body}`);
    return { cookie: `refreshToken=${cookie.value}` };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => t?.close());

  /** Every route the app serves, with the access it declares. */
  const declared = () =>
    [...t.app.routeList]
      .filter((r): r is RouteInfo & { access: RouteAccess } => r.access !== undefined)
      .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));

  it('finds an access declaration on every route the app serves', () => {
    const undeclared = t.app.routeList.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes without config.access').toEqual([]);
    // The API itself, the API reference, the dev mailbox and /metrics.
    expect(declared().length).toBeGreaterThan(85);
  });

  it('lets each caller call exactly the routes its declaration allows, and refuses the rest with 401 or 403', async () => {
    const failures: string[] = [];
    for (const { method, url, access } of declared()) {
      const key = `${method} ${url}`;
      for (const caller of CALLERS) {
        const headers = await credentialsFor(caller, access);
        const hasBody = method !== 'GET' && method !== 'DELETE';
        const res = await t.app.inject({
          method: method as 'GET',
          url: concretePath(url),
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          payload: hasBody ? '{}' : undefined,
        });
        const allowed = isAllowed(access, caller);
        if (allowed && (res.statusCode === 401 || res.statusCode === 403)) {
          failures.push(`${key} as ${caller}: expected access, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (!allowed) {
          const expected = caller === 'anonymous' ? 401 : 403;
          if (res.statusCode !== expected)
            failures.push(`${key} as ${caller}: expected ${expected}, got ${res.statusCode}`);
        }
        if (res.statusCode >= 500)
          failures.push(`${key} as ${caller}: server error ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (access === 'loopback-or-token') {
          // No account opens it from another machine: a signed-in caller is as unknown as anyone.
          const remote = await t.app.inject({ method: method as 'GET', url, headers, remoteAddress: '203.0.113.9' });
          if (remote.statusCode !== 404)
            failures.push(`${key} as ${caller} from another machine: expected 404, got ${remote.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('refuses refresh and logout from a foreign origin', async () => {
    for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example' } });
      expect([401, 403]).toContain(res.statusCode);
    }
  });
});
