/**
 * The plan guard (issue 19): every statement the app sends while serving the routes the web calls
 * is planned on a promoter's data at the generator's small scale (ANALYZEd), and none may read a
 * large table by a sequential scan or sort more rows than it returns. PostgreSQL only: the plans
 * are PostgreSQL's.
 *
 * The routes and how each is called come from the scale benchmark (bench/scale): web-routes.ts
 * finds every route the web client calls, variants.ts says as whom and with which parameters
 * (searches, a last or deep page), so a new call, or a new query behind an old one, is checked
 * without editing this file. The statements are the real ones: the pool's clients are observed
 * while app.inject serves each call, then each distinct statement is explained with its values.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findScalePersonas, generateScaleData } from '../../../bench/scale/generate.ts';
import {
  type Context,
  type Persona,
  personaAccounts,
  setupContext,
  variantsFor,
} from '../../../bench/scale/variants.ts';
import { webOperations } from '../../../bench/scale/web-routes.ts';
import { signInAs } from './factories.ts';
import { rollUpSales } from '../src/modules/affiliates/sales-rollup.ts';
import { rollUpUserCounts } from '../src/modules/master/user-counts.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers.ts';
import {
  capturedStatements,
  LARGE_TABLES,
  SMALL_TABLE_ROWS,
  type Offence,
  offencesOf,
  type PlanNode,
  type Statement,
  shorten,
  withoutSmallTableScans,
} from './plan-guard.ts';

/**
 * The CI size of bench:scale (loads in ~13 s): 0.02 has no upcoming published event for the fan
 * and door routes, and at 0.05 the planner already prefers an index to a scan where one fits.
 */
const SCALE = 0.05;

/**
 * Known offenders (issue 19, "What to fix"): route + what it does, each with why it does it today.
 * The list only shrinks: an entry whose route no longer offends fails the test, so whoever fixes
 * a query deletes its line here. Anything else that offends fails it too.
 */
const KNOWN_OFFENDERS: { route: string; offence: string; reason: string }[] = [
  {
    route: 'GET /api/admin/submissions',
    offence: 'seq scan song_submissions',
    reason: 'the total above the list counts every submission',
  },
];

describe.skipIf(!process.env.DATABASE_URL)('the plan guard (issue 19)', () => {
  let t: TestApp;
  let explainer: pg.Client;
  const found: { route: string; variant: string; statement: Statement; offence: Offence }[] = [];
  const failedCalls: string[] = [];
  let checked = 0;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const url = database.pool!.options.connectionString!;
    await generateScaleData(url, { scale: SCALE, log: () => {} });
    t = await createTestApp({ database, env: { RATE_LIMIT: 'off' }, jobs: { work: false } });
    // The statistics read their rollups once the job has built them (the first minute after a
    // deploy they compute the old way): plan what they read from then on.
    await rollUpSales(t.app.db, t.app.config.timezone);
    await rollUpUserCounts(t.app.db);
    explainer = new pg.Client({ connectionString: url });
    await explainer.connect();

    const ctx: Context = await setupContext(explainer, await findScalePersonas(explainer));
    const headers: Partial<Record<Persona, Record<string, string>>> = { ANON: {} };
    for (const [persona, account] of Object.entries(personaAccounts(ctx))) {
      const { rows } = await explainer.query<{ role: string; session_version: number }>(
        'SELECT role, session_version FROM users WHERE id = $1',
        [account.id],
      );
      const user = { id: account.id, role: rows[0]!.role as never, sessionVersion: rows[0]!.session_version };
      const { token } = await signInAs(t.app, user);
      headers[persona as Persona] = { authorization: `Bearer ${token}`, 'x-scanner-device': 'web-scale000' };
    }
    const get = async (persona: Persona, url: string) => {
      const r = await t.app.inject({ method: 'GET', url, headers: headers[persona] });
      return r.statusCode < 400 ? r.json() : null;
    };

    const openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const capture = capturedStatements(database.pool!);
    const statements = new Map<string, { route: string; variant: string; statement: Statement }>();
    try {
      for (const op of webOperations(openapi)) {
        const route = `${op.method} ${op.path}`;
        const variants = await variantsFor(op, ctx, get);
        if (typeof variants === 'string') continue; // not called by the bench either (variants.ts says why)
        for (const v of variants) {
          // A read is called twice: a repeat can send other statements (a kept export's check).
          for (let call = v.method === 'GET' ? 2 : 1; call > 0; call -= 1) {
            const sent = await capture.during(() =>
              t.app.inject({
                method: v.method as 'GET',
                url: v.url,
                headers: headers[v.persona],
                payload: v.body as never,
              }),
            );
            if (sent.result.statusCode >= 400) failedCalls.push(`${route} ${v.url}: ${sent.result.statusCode}`);
            for (const s of sent.statements) {
              const key = `${s.text}\0${JSON.stringify(s.values)}`;
              if (!statements.has(key)) statements.set(key, { route, variant: v.label || v.url, statement: s });
            }
          }
        }
      }
    } finally {
      capture.stop();
    }

    const explain = async (statement: Statement) => {
      const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${statement.text}`,
        statement.values,
      );
      return rows[0]!['QUERY PLAN'][0].Plan;
    };
    const { rows: sizes } = await explainer.query<{ relname: string }>(
      'SELECT relname FROM pg_class WHERE relkind = $1 AND relname = ANY($2) AND reltuples < $3',
      ['r', [...LARGE_TABLES], SMALL_TABLE_ROWS],
    );
    const smallTables = new Set(sizes.map((r) => r.relname));
    for (const { route, variant, statement } of statements.values()) {
      const plan = await explain(statement);
      let offences = offencesOf(plan);
      if (offences.some((o) => smallTables.has(o.kind.replace('seq scan ', '')))) {
        await explainer.query('SET enable_seqscan = off');
        const discouraged = await explain(statement);
        await explainer.query('RESET enable_seqscan');
        offences = withoutSmallTableScans(offences, plan, discouraged, smallTables);
      }
      checked++;
      for (const offence of offences) found.push({ route, variant, statement, offence });
    }
  }, 240_000);

  afterAll(async () => {
    await explainer?.end();
    await t?.close();
  });

  it('answers every call the web makes, as the role that makes it', () => {
    expect(failedCalls).toEqual([]);
  });

  it('reads no large table by a sequential scan and sorts no more rows than a page, outside the known offenders', () => {
    expect(checked).toBeGreaterThan(50);
    const known = new Set(KNOWN_OFFENDERS.map((k) => `${k.route} | ${k.offence}`));
    const unexpected = new Map<string, string>();
    for (const f of found) {
      const key = `${f.route} | ${f.offence.kind}`;
      if (known.has(key) || unexpected.has(key)) continue;
      unexpected.set(
        key,
        `${key}: ${f.offence.detail} (${f.variant})\n    in: ${shorten(f.statement.text)}\n    values: ${shorten(JSON.stringify(f.statement.values), 120)}`,
      );
    }
    expect(
      [...unexpected.keys()],
      `new offenders (fix the query or its index, docs/decisions.md "Issue 19: the plan guard"):\n${[...unexpected.values()].join('\n')}\n`,
    ).toEqual([]);
  });

  it('finds every known offender still offending (fixed ones leave the list)', () => {
    const seen = new Set(found.map((f) => `${f.route} | ${f.offence.kind}`));
    const fixed = KNOWN_OFFENDERS.filter((k) => !seen.has(`${k.route} | ${k.offence}`)).map(
      (k) => `${k.route} | ${k.offence}`,
    );
    expect(fixed, 'no longer offending: delete these lines from KNOWN_OFFENDERS').toEqual([]);
  });
});
