/**
 * `npm run bench:scale` (issue 19): every route the web client calls, timed on a promoter's three
 * years of data. A fresh PostgreSQL database (bench_scale_*, dropped at the end) is migrated with
 * the project's migrations and filled by generate.ts at --scale; then the server starts on it
 * (start-up timed) and each route the web calls (web-routes.ts: read from apps/web/src, matched to
 * the server's OpenAPI document) is called as the role that calls it with realistic parameters: 5
 * warm-ups, 30 sequential calls, then 20 concurrent clients for 10 s. Rows read per call are the
 * pg_stat_user_tables deltas (seq_tup_read + idx_tup_fetch of the public tables) over the
 * sequential calls. Exits 1 when a route misses its target (p95 < 100 ms sequential, < 250 ms with
 * 20 clients), answers with an error, or the server's RSS reaches 300 MB or its start-up 5 s.
 *
 *   npm run bench:scale -- --scale 0.05 --route admin/orders --json out.json
 *   --reuse <database>: time an existing generated database (kept), skipping creation and load;
 *   --keep: keep the database made; --concurrent-seconds (10) for quicker trial runs
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { deriveKey } from '../../apps/api/src/lib/crypto.ts';
import { serverBundleArgs } from '../../apps/api/test/server-bundle.ts';
import {
  ADMIN_URL,
  benchServerEnv,
  freePort,
  httpRequest,
  LeanConnection,
  quantile,
  startSessions,
} from '../support.ts';
import { findScalePersonas, generateScaleData, migrateDatabase } from './generate.ts';
import { type Persona, personaAccounts, setupContext, type Variant, variantsFor } from './variants.ts';
import { unmatchedCallSites, webOperations } from './web-routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TARGET = { seqP95: 100, concP95: 250, rssMb: 300, startupMs: 5000 };
const WARMUPS = 5;
const SEQUENTIAL = 30;
/** A very slow route stops its sequential calls after this long (the count is printed). */
const SEQUENTIAL_BUDGET_MS = 45_000;
const CLIENTS = 20;
let CONCURRENT_MS = 10_000;
/** Idle backends flush their table statistics at most once a second. */
const STATS_SETTLE_MS = 1_500;

interface Measured {
  route: string;
  variant: string;
  persona: Persona;
  url: string;
  status: number;
  seq: { n: number; p50: number; p95: number; p99: number };
  conc: { n: number; p50: number; p95: number; p99: number; errors: number };
  rowsPerCall: number;
  topTable: string;
  misses: string[];
  /** The server's largest RSS while this call ran with 20 clients (MB). */
  rssPeakMb?: number;
}

interface Server {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  startupMs: number;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The server (NODE_ENV=test: production refuses RATE_LIMIT=off, see bench/README.md) on `databaseUrl`.
 * `serverArgs`: checked once at the start of the run, so the restart runs the bundle the run timed.
 * BENCH_CPU_PROF=<dir> profiles the server (a .cpuprofile per start, written when it stops).
 */
async function startServer(
  serverArgs: string[],
  databaseUrl: string,
  appSecret: string,
  signingKey: string,
): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const profile = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), ...serverArgs],
    {
      cwd: ROOT,
      env: benchServerEnv({ name: 'scale', port, databaseUrl, appSecret, signingKey }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const chunks: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => chunks.push(String(d)));
  const output = () => chunks.join('');
  const stop = () =>
    child.exitCode === null
      ? new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        })
      : Promise.resolve();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && output().includes('is running at')) break;
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, baseUrl, startupMs: performance.now() - started, output, stop };
}

/** The server's own account of its memory (its /metrics, from loopback): heap used / heap total / external, MB. */
async function memoryNow(server: Server): Promise<string> {
  const text = await fetch(`${server.baseUrl}/metrics`).then(
    (r) => (r.ok ? r.text() : ''),
    () => '',
  );
  const mb = (name: string) => {
    const value = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
    return value ? (Number(value) / 1048576).toFixed(0) : '?';
  };
  // CSV exports so far by how they were answered (a kept copy, a making joined, a making), when any.
  const answers = new Map<string, number>();
  for (const [, answer, n] of text.matchAll(/^fourfour_export_downloads_total\{[^}]*answer="(\w+)"[^}]*\} (\S+)/gm)) {
    answers.set(answer!, (answers.get(answer!) ?? 0) + Number(n));
  }
  const exports = answers.size ? `; exports so far: ${[...answers].map(([a, n]) => `${a} ${n}`).join(', ')}` : '';
  return `heap ${mb('nodejs_heap_size_used_bytes')} used / ${mb('nodejs_heap_size_total_bytes')} total, external ${mb('nodejs_external_memory_bytes')} MB${exports}`;
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

type TableReads = Map<string, { seq: number; idx: number }>;
async function tableReads(db: pg.Client): Promise<TableReads> {
  const { rows } = await db.query<{ relname: string; seq: string; idx: string }>(
    `SELECT relname, coalesce(seq_tup_read, 0) AS seq, coalesce(idx_tup_fetch, 0) AS idx
     FROM pg_stat_user_tables WHERE schemaname = 'public'`,
  );
  return new Map(rows.map((r) => [r.relname, { seq: Number(r.seq), idx: Number(r.idx) }]));
}

function readsBetween(a: TableReads, b: TableReads, calls: number) {
  let total = 0;
  let top = { name: '', rows: 0, kind: '' };
  for (const [name, after] of b) {
    const before = a.get(name) ?? { seq: 0, idx: 0 };
    const seq = after.seq - before.seq;
    const idx = after.idx - before.idx;
    total += seq + idx;
    if (seq + idx > top.rows) top = { name, rows: seq + idx, kind: seq >= idx ? 'seq' : 'idx' };
  }
  const per = (n: number) => Math.round(n / Math.max(1, calls));
  return { perCall: per(total), top: top.rows ? `${top.name} ${fmtCount(per(top.rows))} ${top.kind}` : '-' };
}

const fmtCount = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(0)}k` : String(n);
const ms = (n: number) => n.toFixed(1);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

interface Prepared {
  route: string;
  variant: Variant;
  request: Buffer;
  status: number;
  seq: Measured['seq'];
  rowsPerCall: number;
  topTable: string;
}

const ok = (s: number) => s >= 200 && s < 400;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99) };
};

/** Warm-ups, then the sequential calls on one connection, with the table reads around them. */
async function measureSequential(
  server: Server,
  db: pg.Client,
  v: Variant,
  headers: Record<string, string>,
  route: string,
): Promise<Prepared> {
  const body = v.body === undefined ? '' : JSON.stringify(v.body);
  const h = v.body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  const request = httpRequest(v.method, v.url, h, body);
  const conn = new LeanConnection(server.port);
  let status = 0;
  for (let i = 0; i < WARMUPS; i++) status = await conn.send(request);
  await sleep(STATS_SETTLE_MS);
  const before = await tableReads(db);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL && performance.now() - started < SEQUENTIAL_BUDGET_MS; i++) {
    const t = performance.now();
    const s = await conn.send(request);
    times.push(performance.now() - t);
    if (!ok(s)) status = s;
  }
  conn.close();
  await sleep(STATS_SETTLE_MS);
  const reads = readsBetween(before, await tableReads(db), times.length);
  return { route, variant: v, request, status, seq: stats(times), rowsPerCall: reads.perCall, topTable: reads.top };
}

/** CLIENTS connections sending the same call back to back for CONCURRENT_MS. */
async function measureConcurrent(server: Server, p: Prepared): Promise<Measured> {
  const times: number[] = [];
  let errors = 0;
  if (ok(p.status)) {
    const deadline = performance.now() + CONCURRENT_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const c = new LeanConnection(server.port);
        while (performance.now() < deadline) {
          const t = performance.now();
          const s = await c.send(p.request);
          times.push(performance.now() - t);
          if (!ok(s)) errors++;
        }
        c.close();
      }),
    );
  }
  const conc = { ...stats(times), errors };
  const misses: string[] = [];
  if (!ok(p.status)) misses.push(`answers ${p.status}`);
  if (p.seq.p95 >= TARGET.seqP95) misses.push(`p95 ${ms(p.seq.p95)} ms sequential >= ${TARGET.seqP95}`);
  if (ok(p.status) && conc.p95 >= TARGET.concP95) {
    misses.push(`p95 ${ms(conc.p95)} ms with ${CLIENTS} clients >= ${TARGET.concP95}`);
  }
  if (errors) misses.push(`${errors} errors under load`);
  return {
    route: p.route,
    variant: p.variant.label,
    persona: p.variant.persona,
    url: p.variant.url,
    status: p.status,
    seq: p.seq,
    conc,
    rowsPerCall: p.rowsPerCall,
    topTable: p.topTable,
    misses,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      route: { type: 'string' },
      json: { type: 'string' },
      reuse: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'concurrent-seconds': { type: 'string', default: '10' },
    },
  });
  const scale = Number(values.scale);
  CONCURRENT_MS = Number(values['concurrent-seconds']) * 1000;
  if (!(scale > 0)) throw new Error('--scale must be a positive number');
  const serverArgs = serverBundleArgs();
  const filter = values.route ? new RegExp(values.route, 'i') : null;
  const dbName = values.reuse ?? `bench_scale_${Date.now().toString(36)}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.error('note: no web build (npm run build); the API is timed all the same');
  }

  let server: Server | null = null;
  const db = new pg.Client({ connectionString: databaseUrl });
  let loadSeconds = 0;
  try {
    if (!values.reuse) {
      await admin.query(`CREATE DATABASE ${dbName}`);
      console.error(`database ${dbName}: migrating and loading at scale ${scale}`);
      const t = performance.now();
      await migrateDatabase(databaseUrl);
      await generateScaleData(databaseUrl, { scale });
      loadSeconds = (performance.now() - t) / 1000;
    }
    await db.connect();
    const personas = await findScalePersonas(db);
    const ctx = await setupContext(db, personas);

    // This run's keys (a reused database may hold an earlier run's shared development keys).
    await db.query(`DELETE FROM app_meta WHERE key = 'development-keys'`);
    const appSecret = randomBytes(48).toString('base64url');
    const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    server = await startServer(serverArgs, databaseUrl, appSecret, signingKey);
    const startupMs = server.startupMs;
    console.error(`server started in ${ms(startupMs)} ms`);
    let rssMax = rssMb(server.child.pid!, 'VmRSS');
    let rssPeak = 0;
    const rssTimer = setInterval(() => {
      const now = rssMb(server!.child.pid!, 'VmRSS');
      rssMax = Math.max(rssMax, now);
      rssPeak = Math.max(rssPeak, now);
    }, 200);

    // Signed in as a password sign-in leaves it: a session row, and an access token naming it.
    const sign = createSigner({
      key: deriveKey(appSecret, 'access-token'),
      algorithm: 'HS256',
      iss: 'fourfour',
      aud: 'fourfour:api',
      expiresIn: 4 * 3600_000,
    });
    const accounts = personaAccounts(ctx);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const headers: Record<Persona, Record<string, string>> = { ANON: {} } as Record<Persona, Record<string, string>>;
    for (const [persona, a] of Object.entries(accounts)) {
      const [sid] = await startSessions(pool, [a.id]);
      const token = sign({ typ: 'access', role: a.role, sv: 0, sid, sub: String(a.id) });
      headers[persona as Persona] = { authorization: `Bearer ${token}`, 'x-scanner-device': 'web-scale000' };
    }
    await pool.end();
    const get = async (persona: Persona, u: string) => {
      const r = await fetch(`${server!.baseUrl}${u}`, { headers: headers[persona] });
      return r.ok ? r.json().catch(() => null) : null;
    };

    const openapi = await (await fetch(`${server.baseUrl}/api/docs/json`)).json();
    for (const s of unmatchedCallSites(openapi)) console.error(`warning: ${s.file} calls ${s.template}: no such route`);
    const ops = webOperations(openapi).filter((op) => !filter || filter.test(`${op.method} ${op.path}`));
    console.error(`${ops.length} routes the web calls${filter ? ` matching ${filter}` : ''}`);

    // Pass 1: every call's sequential timing and rows read; pass 2: every call under load. Apart,
    // so the statistics 20 busy backends flush late never land in another call's rows read.
    const prepared: Prepared[] = [];
    const skipped: { route: string; reason: string }[] = [];
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const variants = await variantsFor(op, ctx, get);
      if (typeof variants === 'string') {
        skipped.push({ route: key, reason: variants });
        continue;
      }
      for (const v of variants) {
        const p = await measureSequential(server, db, v, headers[v.persona], key);
        prepared.push(p);
        console.error(
          `  ${key}${v.label ? ` — ${v.label}` : ''}: p95 ${ms(p.seq.p95)} ms, ${p.rowsPerCall} rows (${p.status})`,
        );
      }
    }
    const results: Measured[] = [];
    for (const p of prepared) {
      rssPeak = rssMb(server.child.pid!, 'VmRSS');
      const m = await measureConcurrent(server, p);
      m.rssPeakMb = Math.max(rssPeak, rssMb(server.child.pid!, 'VmRSS'));
      console.error(
        `  ${m.route}${m.variant ? ` — ${m.variant}` : ''}, 20 clients: p95 ${ms(m.conc.p95)} ms, RSS up to ${m.rssPeakMb.toFixed(0)} MB (after: ${await memoryNow(server)})`,
      );
      results.push(m);
    }
    const header =
      '| route | role | p50 / p95 / p99 ms sequential | p50 / p95 / p99 ms, 20 clients (calls) | rows read per call (largest) | |';
    console.log(`\n${header}\n|---|---|---|---|---|---|`);
    for (const m of results) {
      const name = m.variant ? `${m.route} — ${m.variant}` : m.route;
      const conc = m.conc.n ? `${ms(m.conc.p50)} / ${ms(m.conc.p95)} / ${ms(m.conc.p99)} (${m.conc.n})` : '-';
      const seqN = m.seq.n < SEQUENTIAL ? ` (${m.seq.n} calls)` : '';
      console.log(
        `| ${name} | ${m.persona} | ${ms(m.seq.p50)} / ${ms(m.seq.p95)} / ${ms(m.seq.p99)}${seqN} | ${conc} | ${fmtCount(m.rowsPerCall)} (${m.topTable}) | ${m.misses.length ? `**MISS**: ${m.misses.join('; ')}` : 'ok'} |`,
      );
    }
    clearInterval(rssTimer);
    const hwm = Math.max(rssMax, rssMb(server.child.pid!, 'VmHWM'));
    await server.stop();
    server = null;
    // Start-up again, on a database the server has already prepared (pg-boss installed): a restart.
    const again = await startServer(serverArgs, databaseUrl, appSecret, signingKey);
    const restartMs = again.startupMs;
    await again.stop();

    console.log('\nSkipped (not timed):');
    for (const s of skipped) console.log(`- ${s.route}: ${s.reason}`);
    const misses = results.filter((r) => r.misses.length);
    const general: string[] = [];
    if (hwm >= TARGET.rssMb) general.push(`server RSS max ${hwm.toFixed(0)} MB >= ${TARGET.rssMb}`);
    if (Math.max(startupMs, restartMs) >= TARGET.startupMs) {
      general.push(`start-up ${ms(startupMs)} ms (restart ${ms(restartMs)} ms) >= ${TARGET.startupMs}`);
    }
    console.log(
      `\n${values.reuse ? `database ${dbName} (reused)` : `scale ${scale}`}${loadSeconds ? `, loaded in ${loadSeconds.toFixed(0)} s` : ''}; server RSS max ${hwm.toFixed(0)} MB; ` +
        `start-up ${ms(startupMs)} ms (first start on the loaded database), restart ${ms(restartMs)} ms; ` +
        `rows read = pg_stat_user_tables seq_tup_read + idx_tup_fetch deltas (public tables) over the sequential calls; ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      `${results.length} calls timed on ${new Set(results.map((r) => r.route)).size} routes, ${skipped.length} routes skipped; ${misses.length} over target${general.length ? `; ${general.join('; ')}` : ''}`,
    );
    for (const m of misses)
      console.log(`  MISS ${m.route}${m.variant ? ` — ${m.variant}` : ''} (${m.persona}): ${m.misses.join('; ')}`);
    if (values.json) {
      writeFileSync(
        values.json,
        JSON.stringify(
          { scale, loadSeconds, startupMs, restartMs, rssMaxMb: hwm, targets: TARGET, results, skipped, general },
          null,
          2,
        ),
      );
    }
    process.exitCode = misses.length || general.length ? 1 : 0;
  } finally {
    await server?.stop();
    await db.end().catch(() => {});
    if (!values.reuse && !values.keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
