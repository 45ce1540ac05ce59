/**
 * Flash-sale benchmark (npm run bench:sale): K signed-in buyers race over HTTP for S tickets of one
 * event, against the production server on PostgreSQL (synchronous_commit on, logger at warn). In
 * the same run, the database's own limit: the same conditional stock UPDATE + hold INSERT (the very
 * statement the service issues) sent straight to PostgreSQL with `pg` at the same concurrency and
 * pool size. The two are interleaved, RUNS times each; medians are reported.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sale
 *   BENCH_K=50,200,1000 BENCH_RUNS=5 (defaults)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { deriveKey } from '../apps/api/src/lib/crypto.ts';
import { holdQuery } from '../apps/api/src/modules/tickets/reserve.service.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KS = (process.env.BENCH_K ?? '50,200,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The server's pool size (openDatabase's default) and the baseline's. */
const POOL_SIZE = 20;
const stockFor = (k: number) => Math.max(1, Math.round(k / 4));

/** CPU time (ms) a process has used so far, from /proc (Linux). */
function procCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
/** CPU time (ms) of every PostgreSQL process on this machine. */
function postgresCpuMs(): number {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres')) total += procCpuMs(Number(d));
    } catch {}
  }
  return total;
}
interface CpuSnapshot {
  server: number;
  bench: number;
  db: number;
}

interface Sample {
  k: number;
  s: number;
  granted: number;
  refused: number;
  errors: number;
  wallMs: number;
  latencies: number[];
  /** CPU ms per request: the server process, this process (load generator / raw client), PostgreSQL. */
  cpu: CpuSnapshot;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  const dbName = `bench_sale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const appSecret = randomBytes(48).toString('base64url');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fourfour-bench-')),
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      TICKET_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PAYMENTS_PROVIDER: 'local',
      STRIPE_SECRET_KEY: '',
      DEMO_DATA: '0',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };

  try {
    for (const started = Date.now(); ; ) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const ok = await fetch(`${baseUrl}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && output.includes('is running at')) break;
      if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
    const sync = (await pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit;
    const maxK = Math.max(...KS);

    // Buyers: rows inserted directly, access tokens signed as the auth plugin does (same secret).
    const tag = Date.now().toString(36);
    const { rows: buyers } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at)
       SELECT 'bench' || g || '_${tag}@example.test', 'bench' || g || '_${tag}', 'x', '1990-01-01', now()
       FROM generate_series(1, $1) g RETURNING id`,
      [maxK],
    );
    const key = deriveKey(appSecret, 'access-token');
    const tokens = await Promise.all(
      buyers.map((b) =>
        new SignJWT({ typ: 'access', role: 'USER', sv: 0 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(b.id))
          .setIssuer('fourfour')
          .setAudience('fourfour:api')
          .setIssuedAt()
          .setExpirationTime('2h')
          .sign(key),
      ),
    );

    const newEvent = async (s: number) =>
      Number(
        (
          await pool.query(
            `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence)
             VALUES ('Flash sale', 'PUBLISHED', now() + interval '7 days', now() + interval '7 days 6 hours', $1, 0, 2000, 5000)
             RETURNING id`,
            [s],
          )
        ).rows[0].id,
      );

    const agent = new http.Agent({ keepAlive: true, maxSockets: maxK + 10 });
    const body = JSON.stringify([
      {
        ticketType: 'STANDARD',
        firstName: 'Bench',
        lastName: 'Buyer',
        dateOfBirth: '1990-01-01',
        useFreeTicket: false,
      },
    ]);
    const post = (eventId: number, token: string) =>
      new Promise<number>((resolve) => {
        const req = http.request(
          `${baseUrl}/api/tickets/reserve?eventId=${eventId}`,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', () => resolve(0));
        req.end(body);
      });

    const cpuNow = (): CpuSnapshot => ({
      server: procCpuMs(child.pid!),
      bench: process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000,
      db: postgresCpuMs(),
    });
    const cpuSince = (a: CpuSnapshot): CpuSnapshot => {
      const b = cpuNow();
      return { server: b.server - a.server, bench: b.bench - a.bench, db: b.db - a.db };
    };

    async function httpRun(k: number): Promise<Sample> {
      const s = stockFor(k);
      const eventId = await newEvent(s);
      const latencies: number[] = [];
      let granted = 0;
      let refused = 0;
      let errors = 0;
      const cpu0 = cpuNow();
      const t0 = performance.now();
      await Promise.all(
        tokens.slice(0, k).map(async (token) => {
          const start = performance.now();
          const status = await post(eventId, token);
          latencies.push(performance.now() - start);
          if (status === 200) granted++;
          else if (status === 409) refused++;
          else errors++;
        }),
      );
      const wallMs = performance.now() - t0;
      const cpu = cpuSince(cpu0);
      const held = Number(
        (await pool.query('SELECT held_standard FROM events WHERE id = $1', [eventId])).rows[0].held_standard,
      );
      if (held !== granted || granted !== s)
        throw new Error(`HTTP K=${k}: granted ${granted}, held ${held}, stock ${s}`);
      return { k, s, granted, refused, errors, wallMs, latencies: latencies.sort((a, b) => a - b), cpu };
    }

    async function rawRun(k: number): Promise<Sample> {
      const s = stockFor(k);
      const eventId = await newEvent(s);
      const latencies: number[] = [];
      let granted = 0;
      let refused = 0;
      let errors = 0;
      const cpu0 = cpuNow();
      const t0 = performance.now();
      await Promise.all(
        buyers.slice(0, k).map(async (b) => {
          const start = performance.now();
          try {
            const r = await pool.query(rawQuery(eventId, b.id));
            if (r.rows[0]?.id) granted++;
            else refused++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - start);
        }),
      );
      const wallMs = performance.now() - t0;
      const cpu = cpuSince(cpu0);
      if (granted !== s) throw new Error(`raw K=${k}: granted ${granted}, stock ${s}`);
      return { k, s, granted, refused, errors, wallMs, latencies: latencies.sort((a, b) => a - b), cpu };
    }

    // The service's own statement (reserve.service.ts: account check, conditional stock UPDATE,
    // priced hold INSERT), sent straight to PostgreSQL as the service sends it: a named prepared
    // statement with the same values an HTTP buyer's request produces.
    const drafts = JSON.stringify(JSON.parse(body));
    const rawQuery = (eventId: number, buyerId: string) =>
      holdQuery({
        userId: Number(buyerId),
        sessionVersion: 0,
        eventId,
        standardQty: 1,
        vipQty: 0,
        freeQty: 0,
        percentPaid: 100,
        drafts,
        affiliateId: null,
      });
    if (process.env.BENCH_DEBUG) {
      const eventId = await newEvent(1000);
      for (const path of ['/api/health', 'reserve']) {
        const lat: number[] = [];
        for (let i = 0; i < 40; i++) {
          const t = performance.now();
          if (path === 'reserve') await post(eventId, tokens[i]!);
          else await fetch(`${baseUrl}${path}`).then((r) => r.text());
          lat.push(performance.now() - t);
        }
        console.log(path, 'sequential median ms', median(lat.slice(10)).toFixed(2));
      }
      const lat: number[] = [];
      for (let i = 0; i < 40; i++) {
        const t = performance.now();
        await pool.query(rawQuery(eventId, buyers[i]!.id));
        lat.push(performance.now() - t);
      }
      console.log('raw statement sequential median ms', median(lat.slice(10)).toFixed(2));
    }

    // Warm-up (JIT, connections, plans), not measured.
    for (let i = 0; i < Number(process.env.BENCH_WARMUP ?? 1); i++)
      for (const k of KS) {
        await httpRun(k);
        await rawRun(k);
      }

    const results = new Map<number, { http: Sample[]; raw: Sample[] }>();
    for (let run = 0; run < RUNS; run++) {
      for (const k of KS) {
        const entry = results.get(k) ?? { http: [], raw: [] };
        // Alternate which goes first, so neither always meets a warmer or colder database.
        if (run % 2 === 0) {
          entry.http.push(await httpRun(k));
          entry.raw.push(await rawRun(k));
        } else {
          entry.raw.push(await rawRun(k));
          entry.http.push(await httpRun(k));
        }
        results.set(k, entry);
      }
    }

    const summarise = (samples: Sample[]) => ({
      rate: median(samples.map((x) => (x.k / x.wallMs) * 1000)),
      p50: median(samples.map((x) => quantile(x.latencies, 0.5))),
      p99: median(samples.map((x) => quantile(x.latencies, 0.99))),
      granted: samples.map((x) => x.granted),
      errors: samples.reduce((n, x) => n + x.errors, 0),
      cpu: (['server', 'bench', 'db'] as const)
        .map((p) =>
          ((samples.reduce((n, x) => n + x.cpu[p], 0) / samples.reduce((n, x) => n + x.k, 0)) * 1000).toFixed(0),
        )
        .join(' / '),
    });
    console.log(
      `\nFlash sale: ${RUNS} interleaved runs per K, medians. PostgreSQL synchronous_commit=${sync}, pool ${POOL_SIZE}, production server, logger warn, ${(await import('node:os')).cpus().length} CPUs.\n`,
    );
    console.log(
      '| K buyers | S tickets | HTTP req/s | HTTP p50 ms | HTTP p99 ms | raw pg req/s | raw p50 ms | raw p99 ms | HTTP / raw | holds granted (every run) | errors | CPU µs/req HTTP server / client / db | raw client / db |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|');
    for (const k of KS) {
      const { http: h, raw: r } = results.get(k)!;
      const a = summarise(h);
      const b = summarise(r);
      console.log(
        `| ${k} | ${stockFor(k)} | ${a.rate.toFixed(0)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.rate.toFixed(0)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${((a.rate / b.rate) * 100).toFixed(0)}% | ${[...new Set(a.granted)].join('/')} = S | ${a.errors + b.errors} | ${a.cpu} | ${b.cpu.split(' / ').slice(1).join(' / ')} |`,
      );
    }
    await pool.end();
    agent.destroy();
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
