import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../src/app.ts';
import { createEvent, createUser, type TestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/** Tables whose rows may legitimately change on a refused request (security counters). */
const VOLATILE_TABLES = new Set(['rate_limits', 'login_lockouts', 'auth_throttles', 'refresh_tokens']);

const HUGE = 'x'.repeat(100_000);
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    HUGE,
    '',
    ' ',
    '\u0000',
    '💃🏽🎧',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    'NaN',
    '-1',
    '1e309',
    '2026-02-30',
    '9999-99-99T99:99:00',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 53), 0.1, 1e308),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Field names the schema declares (zod object shape), plus prototype-pollution keys. */
function fieldNames(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return [...Object.keys(shape ?? {}), '__proto__', 'constructor', 'prototype'];
}

function hostileObject(schema: unknown): fc.Arbitrary<Record<string, unknown>> {
  const names = fieldNames(schema);
  return fc.array(fc.tuple(fc.constantFrom(...names), hostileValue), { maxLength: names.length + 2 }).map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
    return out;
  });
}

const bodyArbitrary = (schema: unknown) =>
  fc.oneof(
    hostileObject(schema),
    hostileValue.map((v) => v),
    fc.constant('{"a":'),
    fc.constant('{"__proto__":{"isAdmin":true}}'),
  );

describe('hostile input', () => {
  let t: TestApp;
  let admin: TestUser;
  let master: TestUser;
  let eventId: number;

  async function fingerprint(): Promise<Record<string, string>> {
    const { rows } = await t.database.raw.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of rows) {
      if (VOLATILE_TABLES.has(table_name)) continue;
      const r = await t.database.raw.query<{ h: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table_name}" t`,
      );
      out[table_name] = r.rows[0]?.h ?? '';
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    admin = await createUser(t.app, { role: 'ADMIN' });
    master = await createUser(t.app, { role: 'MASTER' });
    eventId = (await createEvent(t.app)).id;
  });
  afterAll(async () => t?.close());

  it('never answers 5xx, never leaks a stack trace, and changes nothing when it refuses a request', async () => {
    const targets = t.app.routeList.filter(
      (r: RouteInfo) =>
        r.access !== undefined &&
        (r.schema?.body || r.schema?.querystring) &&
        // These change the caller's own session state by design; they are covered by their own tests.
        !['/api/auth/logout', '/api/auth/refresh'].includes(r.url),
    );
    expect(targets.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of targets) {
      const url = route.url.replace(/:[A-Za-z]+/g, String(eventId));
      const caller = route.url.startsWith('/api/master') ? master : admin;
      await fc.assert(
        fc.asyncProperty(
          bodyArbitrary(route.schema?.body),
          fc.dictionary(fc.constantFrom(...fieldNames(route.schema?.querystring)), hostileString, { maxKeys: 3 }),
          async (body, query) => {
            const before = await fingerprint();
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: search ? `${url}?${search}` : url,
              headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
              payload:
                route.method === 'GET' || route.method === 'DELETE'
                  ? undefined
                  : typeof body === 'string'
                    ? body
                    : JSON.stringify(body),
            });
            const where = `${route.method} ${route.url} ${res.statusCode}`;
            if (res.statusCode >= 500) problems.push(`${where}: ${res.body.slice(0, 200)}`);
            if (/\bat .+\.(ts|js):\d+/.test(res.body)) problems.push(`${where}: stack trace in the answer`);
            if (res.statusCode >= 400 && res.statusCode < 500) {
              const after = await fingerprint();
              const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
              if (changed.length > 0) problems.push(`${where}: refused but changed ${changed.join(', ')}`);
            }
          },
        ),
        { numRuns: 12, seed: 4404 },
      );
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
