import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@fourfour/shared/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { signInAs } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Access, ROUTE_ACCESS } from './route-access.ts';

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', ...ROLES];

/** Fills path parameters with values that exist nowhere, so allowed calls fail as 400/404 at worst. */
function concretePath(url: string): string {
  return url
    .replace(':ticketId', randomUUID())
    .replace(':sessionId', 'cs_does_not_exist')
    .replace(':id.html', '987654.html')
    .replace(/:[A-Za-z]+/g, '987654')
    .replace('*', `events/${randomUUID()}.webp`);
}

/** As app.inject calls: from 127.0.0.1, through no proxy, with no METRICS_TOKEN configured. */
function isAllowed(access: Access, caller: Caller): boolean {
  if (access === 'public' || access === 'session-cookie' || access === 'loopback-or-token') return true;
  if (caller === 'anonymous') return false;
  if (access === 'signed-in') return true;
  return access.includes(caller);
}

describe('authorization matrix', () => {
  let t: TestApp;
  let passwordHash: string;
  let seq = 0;

  /** A fresh verified user per call, so a call that deletes or changes its caller harms no other. */
  async function tokenFor(role: Role): Promise<string> {
    seq += 1;
    const [row] = await t.app.db
      .insert(users)
      .values({
        email: `matrix${seq}-${role.toLowerCase()}@example.test`,
        username: `matrix_${seq}_${role.toLowerCase()}`.slice(0, 30),
        passwordHash,
        birthDate: '1990-01-01',
        role,
        emailVerifiedAt: new Date(),
      })
      .returning();
    return (await signInAs(t.app, row!)).token;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    passwordHash = await hashPassword('Matrix#Pass1');
  });
  afterAll(async () => t?.close());

  const served = () => {
    const keys = new Set<string>();
    for (const r of t.app.routeList) {
      if (r.url.startsWith('/api/docs/static') || r.url === '/api/docs/' || r.url === '/') continue;
      keys.add(`${r.method} ${r.url}`);
    }
    return keys;
  };

  it('lists every route the app serves, and no route it does not', () => {
    const routes = served();
    const undecided = [...routes].filter((k) => !(k in ROUTE_ACCESS));
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => !routes.has(k));
    expect(undecided, 'routes without an access decision in route-access.ts').toEqual([]);
    expect(stale, 'route-access.ts lists routes the app does not serve').toEqual([]);
  });

  it('lets each role call exactly the routes it is allowed, and refuses the rest with 401 or 403', async () => {
    const failures: string[] = [];
    for (const key of [...served()].sort()) {
      const access = ROUTE_ACCESS[key];
      if (!access || access === 'session-cookie') continue;
      const [method, url] = key.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const headers: Record<string, string> = {};
        if (caller !== 'anonymous') headers.authorization = `Bearer ${await tokenFor(caller)}`;
        const res = await t.app.inject({
          method: method as 'GET',
          url: concretePath(url),
          headers:
            method === 'GET' || method === 'DELETE' ? headers : { ...headers, 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
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
  }, 180_000);

  it('refuses refresh and logout from a foreign origin', async () => {
    for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example' } });
      expect([401, 403]).toContain(res.statusCode);
    }
  });
});
