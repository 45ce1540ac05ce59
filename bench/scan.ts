/**
 * Door-scanning benchmark (npm run bench:scan): 50 door scanners admit tickets over HTTP against
 * the production server on PostgreSQL (fresh database, logger at warn, rate limits off), every
 * ticket scanned three times at once (three scanners get the same code back to back). Counted:
 * validations per second, p50/p99 latency, double admissions (a ticket admitted more than once)
 * and never-admitted tickets (admitted zero times) — both must be 0.
 *
 * In the same run, the raw limit: the Ed25519 signature check plus the single-row conditional
 * UPDATE (joined with the event for the admission window) sent straight to PostgreSQL with `pg`,
 * same concurrency, same pool size as the server's. Interleaved, RUNS times each; medians.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scan
 *   BENCH_SCANNERS=50 BENCH_TICKETS=1500 BENCH_RUNS=5 (defaults)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { ADMISSION_OPENS_HOURS_BEFORE } from '../packages/shared/src/constants.ts';
import { deriveKey } from '../apps/api/src/lib/crypto.ts';
import { signTicketToken, verifyTicketToken } from '../apps/api/src/lib/ticket-token.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCANNERS = Number(process.env.BENCH_SCANNERS ?? 50);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCANS_PER_TICKET = 3;
/** The server's pool size (openDatabase's default), used for the baseline too. */
const POOL_SIZE = 20;

interface Sample {
  scans: number;
  wallMs: number;
  latencies: number[];
  admitted: number;
  doubleAdmissions: number;
  neverAdmitted: number;
  refused: number;
  errors: number;
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

/** Each ticket three times in a row: 50 workers pulling in order send the three copies at once. */
function scanQueue(codes: string[]): number[] {
  const queue: number[] = [];
  for (let i = 0; i < codes.length; i++) for (let k = 0; k < SCANS_PER_TICKET; k++) queue.push(i);
  return queue;
}

/** Runs `queue` through `SCANNERS` concurrent workers; `scanOne` answers true when it admitted. */
async function drive(
  codes: string[],
  scanOne: (worker: number, code: string) => Promise<'admitted' | 'refused' | 'error'>,
): Promise<Sample> {
  const queue = scanQueue(codes);
  const admittedCount = new Array<number>(codes.length).fill(0);
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: SCANNERS }, async (_, worker) => {
      while (next < queue.length) {
        const ticket = queue[next++]!;
        const start = performance.now();
        const outcome = await scanOne(worker, codes[ticket]!);
        latencies.push(performance.now() - start);
        if (outcome === 'admitted') admittedCount[ticket]!++;
        else if (outcome === 'refused') refused++;
        else errors++;
      }
    }),
  );
  const wallMs = performance.now() - t0;
  return {
    scans: queue.length,
    wallMs,
    latencies: latencies.sort((a, b) => a - b),
    admitted: admittedCount.filter((n) => n === 1).length,
    doubleAdmissions: admittedCount.filter((n) => n > 1).length,
    neverAdmitted: admittedCount.filter((n) => n === 0).length,
    refused,
    errors,
  };
}

async function main() {
  const dbName = `bench_scan_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const appSecret = randomBytes(48).toString('base64url');
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = createPublicKey(signingKey);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fourfour-bench-scan-')),
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      TICKET_SIGNING_KEY: signingKey,
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
    const tag = Date.now().toString(36);

    // Door staff and one ticket holder, inserted directly; access tokens signed as the auth plugin does.
    const { rows: staff } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at, role)
       SELECT 'door' || g || '_${tag}@example.test', 'door' || g || '_${tag}', 'x', '1990-01-01', now(), 'EVENT_WORKER'
       FROM generate_series(1, $1) g RETURNING id`,
      [SCANNERS],
    );
    const { rows: holders } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at)
       VALUES ('holder_${tag}@example.test', 'holder_${tag}', 'x', '1990-01-01', now()) RETURNING id`,
    );
    const holderId = holders[0]!.id;
    const key = deriveKey(appSecret, 'access-token');
    const tokens = await Promise.all(
      staff.map((s) =>
        new SignJWT({ typ: 'access', role: 'EVENT_WORKER', sv: 0 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(s.id))
          .setIssuer('fourfour')
          .setAudience('fourfour:api')
          .setIssuedAt()
          .setExpirationTime('2h')
          .sign(key),
      ),
    );
    // Doors open: started an hour ago, ends in five.
    const openEvent = async () =>
      Number(
        (
          await pool.query(
            `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence)
             VALUES ('Door bench', 'PUBLISHED', now() - interval '1 hour', now() + interval '5 hours', 1000000, 0, 2000, 0)
             RETURNING id`,
          )
        ).rows[0].id,
      );
    const eventId = await openEvent();

    /** A fresh batch of issued tickets (one paid order) and their signed QR values. */
    async function issueBatch(n: number, forEvent = eventId): Promise<string[]> {
      const { rows } = await pool.query<{ id: string }>(
        `WITH r AS (
           INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
           VALUES ($1, $2, 'FULFILLED', $3, 0, '[]', 2000 * $3, now()) RETURNING id
         ), o AS (
           INSERT INTO orders (reservation_id, user_id, event_id, provider, provider_session_id, amount_pence, status, outcome, paid_at)
           SELECT r.id, $1, $2, 'local', 'bench_' || r.id, 2000 * $3, 'PAID', 'FULFILLED', now() FROM r RETURNING id
         )
         INSERT INTO tickets (order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth, price_paid_pence)
         SELECT o.id, $2, $1, 'STANDARD', 'Bench', 'Guest' || g, '1992-02-02', 2000 FROM o, generate_series(1, $3) g
         RETURNING id`,
        [holderId, forEvent, n],
      );
      return rows.map((r) => signTicketToken(r.id, signingKey));
    }

    const agent = new http.Agent({ keepAlive: true, maxSockets: SCANNERS + 10 });
    const postScan = (token: string, code: string) =>
      new Promise<number>((resolve) => {
        const req = http.request(
          `${baseUrl}/api/ticket-scan?qrCodeValue=${encodeURIComponent(code)}`,
          {
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${token}`, 'x-scanner-device': 'bench' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', () => resolve(0));
        req.end();
      });

    async function httpRun(): Promise<Sample> {
      const codes = await issueBatch(TICKETS);
      return drive(codes, async (worker, code) => {
        const status = await postScan(tokens[worker]!, code);
        return status === 200 ? 'admitted' : status === 409 ? 'refused' : 'error';
      });
    }

    // The admitting statement without its log row: the conditional UPDATE joined with the event.
    const RAW_SQL = `
      UPDATE tickets t SET status = 'USED', used_at = now(), used_by = $2, used_device = 'bench'
      FROM events e
      WHERE t.id = $1 AND t.status = 'VALID' AND e.id = t.event_id AND NOT e.cancelled
        AND now() >= e.starts_at - make_interval(hours => ${ADMISSION_OPENS_HOURS_BEFORE})
        AND now() < coalesce(e.ends_at, e.starts_at + make_interval(hours => ${ADMISSION_OPENS_HOURS_BEFORE}))
      RETURNING t.id, t.ticket_type, t.first_name, t.last_name, t.date_of_birth, e.title, e.starts_at, e.ends_at, t.used_at`;

    async function rawRun(): Promise<Sample> {
      const codes = await issueBatch(TICKETS);
      return drive(codes, async (worker, code) => {
        const ticketId = verifyTicketToken(code, publicKey);
        if (!ticketId) return 'error';
        try {
          const r = await pool.query(RAW_SQL, [ticketId, staff[worker]!.id]);
          return r.rowCount === 1 ? 'admitted' : 'refused';
        } catch {
          return 'error';
        }
      });
    }

    if (process.env.BENCH_DEBUG) {
      // Sequential latencies: where a single scan spends its time, without queueing.
      const codes = await issueBatch(120, await openEvent());
      const lat = { health: [] as number[], scan: [] as number[], refused: [] as number[], raw: [] as number[] };
      for (let i = 0; i < 60; i++) {
        let t = performance.now();
        await fetch(`${baseUrl}/api/health`).then((r) => r.text());
        lat.health.push(performance.now() - t);
        t = performance.now();
        await postScan(tokens[0]!, codes[i]!);
        lat.scan.push(performance.now() - t);
        t = performance.now();
        await postScan(tokens[0]!, codes[i]!);
        lat.refused.push(performance.now() - t);
        t = performance.now();
        await pool.query(RAW_SQL, [verifyTicketToken(codes[60 + i]!, publicKey), staff[0]!.id]);
        lat.raw.push(performance.now() - t);
      }
      for (const [name, xs] of Object.entries(lat))
        console.error(name, 'sequential median ms', median(xs.slice(10)).toFixed(2));
    }

    // Warm-up (JIT, connections, plans), not measured.
    await httpRun();
    await rawRun();

    const http_: Sample[] = [];
    const raw: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Alternate which goes first, so neither always meets a warmer or colder database.
      if (run % 2 === 0) {
        http_.push(await httpRun());
        raw.push(await rawRun());
      } else {
        raw.push(await rawRun());
        http_.push(await httpRun());
      }
      const h = http_.at(-1)!;
      const r = raw.at(-1)!;
      console.error(
        `run ${run + 1}: HTTP ${((h.scans / h.wallMs) * 1000).toFixed(0)}/s p99 ${quantile(h.latencies, 0.99).toFixed(1)} ms; raw ${((r.scans / r.wallMs) * 1000).toFixed(0)}/s p99 ${quantile(r.latencies, 0.99).toFixed(1)} ms`,
      );
    }

    // Refusals reach the scan log in batches within ~100 ms.
    await new Promise((r) => setTimeout(r, 500));
    // The database agrees: every ticket of the measured HTTP batches is USED exactly once, and
    // the scan log holds one OK per ticket.
    const check = (
      await pool.query<{ used: string; ok: string; refusedLogged: string }>(
        `SELECT (SELECT count(*) FROM tickets WHERE event_id = $1 AND status = 'USED') AS used,
                (SELECT count(*) FROM ticket_scans WHERE event_id = $1 AND result = 'OK') AS ok,
                (SELECT count(*) FROM ticket_scans WHERE event_id = $1 AND result = 'ALREADY_USED') AS "refusedLogged"`,
        [eventId],
      )
    ).rows[0]!;

    const summarise = (samples: Sample[]) => ({
      rate: median(samples.map((x) => (x.scans / x.wallMs) * 1000)),
      p50: median(samples.map((x) => quantile(x.latencies, 0.5))),
      p99: median(samples.map((x) => quantile(x.latencies, 0.99))),
      doubles: samples.reduce((n, x) => n + x.doubleAdmissions, 0),
      never: samples.reduce((n, x) => n + x.neverAdmitted, 0),
      errors: samples.reduce((n, x) => n + x.errors, 0),
    });
    const a = summarise(http_);
    const b = summarise(raw);
    const httpTickets = (RUNS + 1) * TICKETS;
    console.log(
      `\nDoor scanning: ${SCANNERS} concurrent scanners, ${TICKETS} tickets x ${SCANS_PER_TICKET} simultaneous scans per run, ${RUNS} interleaved runs, medians. PostgreSQL synchronous_commit=${sync}, pool ${POOL_SIZE}, production server, logger warn, ${cpus().length} CPUs.\n`,
    );
    console.log(
      '| | validations/s | p50 ms | p99 ms | double admissions | never admitted | errors |\n|---|---:|---:|---:|---:|---:|---:|',
    );
    console.log(
      `| HTTP (POST /api/ticket-scan) | ${a.rate.toFixed(0)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${a.doubles} | ${a.never} | ${a.errors} |`,
    );
    console.log(
      `| raw (Ed25519 check + conditional UPDATE via pg) | ${b.rate.toFixed(0)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${b.doubles} | ${b.never} | ${b.errors} |`,
    );
    console.log(
      `\nHTTP / raw: ${((a.rate / b.rate) * 100).toFixed(0)}% (target >= 50%); HTTP p99 ${a.p99.toFixed(1)} ms (target < 50 ms).`,
    );
    console.log(
      `Database check (HTTP batches incl. warm-up, ${httpTickets} tickets): scan log OK rows ${check.ok}, ALREADY_USED rows ${check.refusedLogged} (expected ${httpTickets} and ${httpTickets * (SCANS_PER_TICKET - 1)}); tickets USED ${check.used} (HTTP + raw batches: ${2 * httpTickets}).`,
    );
    const failed =
      a.doubles + a.never + b.doubles + b.never + a.errors + b.errors > 0 ||
      Number(check.ok) !== httpTickets ||
      Number(check.used) !== 2 * httpTickets;
    await pool.end();
    agent.destroy();
    if (failed) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
