/**
 * Events list benchmark (npm run bench:events): GET /api/events/list with 50 events at 50
 * connections against the real server (PGlite by default, PostgreSQL with DATABASE_URL), and a bare
 * Fastify server started here answering the same JSON from memory (as objects, serialised per
 * request: the reference; and pre-serialised: a stricter ceiling). Runs are interleaved
 * (warm-up first, order rotating), BENCH_RUNS times each (default 5) for BENCH_SECONDS each
 * (default 10); medians reported, plus server CPU time per request, which a busy machine skews less.
 *
 *   npm run bench:events
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:events
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverBundleArgs, startScriptEnv } from '../apps/api/test/server-bundle.ts';
import { freePort, median, procCpuMs } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const EVENTS = 50;
const MASTER = { email: 'bench-master@fourfour.local', password: 'Bench#Master2026' };

interface Run {
  target: 'app' | 'memory' | 'raw';
  rps: number;
  /** Server CPU time (user + system) per answered request, in µs: robust to a busy machine. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function startProcess(args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 120_000);
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** A fresh PostgreSQL database when DATABASE_URL is set; PGlite in a temp DATA_DIR otherwise. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: '', drop: async () => {} };
  const name = `bench_events_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** 50 events through the admin API: most on sale with stock, some Coming soon, one undated. */
async function seedEvents(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MASTER),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (let i = 0; i < EVENTS; i++) {
    const date = new Date(Date.now() + (3 + i) * 86400_000).toISOString().slice(0, 10);
    const planned = i % 10 === 9;
    const body = {
      title: `Bench Night ${i + 1}: deep, soulful and jackin' house until late`,
      description: 'Six hours of deep and soulful house in a warehouse. '.repeat(3).trim(),
      location: 'Warehouse 44, Hackney Wick, London',
      ...(i === EVENTS - 1 ? {} : { date, startTime: `${date}T22:00:00`, endTime: `${date}T04:00:00` }),
      totalStandardTickets: 200 + i,
      totalVipTickets: 40,
      standardTicketPrice: 18.5,
      vipTicketPrice: 45,
      status: planned || i === EVENTS - 1 ? 'PLANNED' : 'PUBLISHED',
    };
    const res = await fetch(`${baseUrl}/api/admin/events/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  }
}

async function load(target: Run['target'], url: string, seconds: number, pid: number): Promise<Run> {
  const before = procCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  const used = procCpuMs(pid) - before;
  return {
    target,
    rps: result.requests.average,
    cpuUs: (used * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main() {
  const database = await freshDatabase();
  const appPort = await freePort();
  const memoryPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const app = await startProcess(
    serverBundleArgs(),
    {
      ...startScriptEnv(),
      NODE_ENV: '',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: appUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fourfour-bench-events-')),
      DATABASE_URL: database.url,
      DEMO_DATA: '0',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      MASTER_EMAIL: MASTER.email,
      MASTER_PASSWORD: MASTER.password,
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
    },
    'is running at',
  );
  let memory: ChildProcess | undefined;
  try {
    await seedEvents(appUrl);
    const listText = await (await fetch(`${appUrl}/api/events/list`)).text();
    const list = JSON.parse(listText) as unknown[];
    if (list.length !== EVENTS) throw new Error(`expected ${EVENTS} events in the list, got ${list.length}`);
    const listFile = path.join(mkdtempSync(path.join(tmpdir(), 'fourfour-bench-list-')), 'list.json');
    writeFileSync(listFile, listText);
    memory = await startProcess(
      ['--import', 'tsx', 'bench/events-baseline.ts'],
      { PORT: String(memoryPort), BENCH_LIST_FILE: listFile },
      'baseline ready',
    );
    const targets = {
      app: `${appUrl}/api/events/list`,
      memory: `http://127.0.0.1:${memoryPort}/api/events/list`,
      raw: `http://127.0.0.1:${memoryPort}/api/events/list-raw`,
    } as const;

    console.log(
      `GET /api/events/list: ${EVENTS} events (${(listText.length / 1024).toFixed(1)} KiB JSON), ${CONNECTIONS} connections, ` +
        `${RUNS} interleaved runs of ${SECONDS} s, database ${database.url ? 'PostgreSQL' : 'PGlite'}`,
    );
    const pids = { app: app.pid!, memory: memory.pid!, raw: memory.pid! };
    await load('app', targets.app, 3, pids.app);
    await load('memory', targets.memory, 3, pids.memory);
    await load('raw', targets.raw, 3, pids.raw);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first so neither always runs on a warmer machine.
      const order: Run['target'][] = [
        ['app', 'memory', 'raw'],
        ['memory', 'raw', 'app'],
        ['raw', 'app', 'memory'],
      ][i % 3] as Run['target'][];
      for (const target of order) {
        const run = await load(target, targets[target], SECONDS, pids[target]);
        runs.push(run);
        console.log(
          `  run ${i + 1} ${target.padEnd(6)} ${run.rps.toFixed(0).padStart(7)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  server CPU ${run.cpuUs.toFixed(0)} µs/req` +
            (run.errors || run.non2xx ? `  errors ${run.errors} non-2xx ${run.non2xx}` : ''),
        );
      }
    }
    const of = (t: Run['target']) => runs.filter((r) => r.target === t);
    const summary = (t: Run['target']) => ({
      rps: median(of(t).map((r) => r.rps)),
      p50: median(of(t).map((r) => r.p50)),
      p99: median(of(t).map((r) => r.p99)),
      cpuUs: median(of(t).map((r) => r.cpuUs)),
      failures: of(t).reduce((s, r) => s + r.errors + r.non2xx, 0),
    });
    const a = summary('app');
    const m = summary('memory');
    const r = summary('raw');
    // Each pair ran back to back, so its ratio is less exposed to a busy machine than the medians.
    const pairRatios = of('app').map((run, i) => run.rps / of('memory')[i]!.rps);
    const ratio = median(pairRatios);
    const rawRatio = median(of('app').map((run, i) => run.rps / of('raw')[i]!.rps));
    console.log('\nMedians');
    for (const [name, x] of [
      ['app', a],
      ['memory', m],
      ['raw', r],
    ] as const) {
      console.log(
        `  ${name.padEnd(7)} ${x.rps.toFixed(0).padStart(7)} req/s  p50 ${x.p50} ms  p99 ${x.p99} ms  ` +
          `server CPU ${x.cpuUs.toFixed(0)} µs/req  failures ${x.failures}`,
      );
    }
    console.log(
      `  app / in-memory (median of the ${RUNS} paired runs): ${(ratio * 100).toFixed(1)}% (target >= 80%): ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(`  app / pre-serialised in-memory (stricter ceiling): ${(rawRatio * 100).toFixed(1)}%`);
    console.log(
      `  by server CPU per request (robust to a busy machine): app rate = ${((m.cpuUs / a.cpuUs) * 100).toFixed(1)}% of in-memory, ` +
        `${((r.cpuUs / a.cpuUs) * 100).toFixed(1)}% of pre-serialised`,
    );
    console.log(
      `  load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs`,
    );
    process.exitCode = ratio >= 0.8 && a.failures === 0 ? 0 : 1;
  } finally {
    if (memory) await stop(memory);
    await stop(app);
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
