/**
 * Flash-sale benchmark (npm run bench:sale): K signed-in buyers race over HTTP for S tickets of one
 * event, against the production server on PostgreSQL (synchronous_commit on, logger at warn). In
 * the same run, the database's own limit: the service's hold statement (reserve.service.ts
 * holdQuery: account check, conditional stock UPDATE, hold INSERT), sent straight to PostgreSQL
 * with `pg` exactly as the service sends it, at the same concurrency and pool size. The two are
 * interleaved, RUNS times each after WARMUP rounds; medians are reported, with the CPU each side
 * spent per request (server, load generator or raw client, PostgreSQL).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sale
 *   BENCH_K=50,200,1000 BENCH_RUNS=5 BENCH_WARMUP=5 (defaults)
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { holdQuery } from '../apps/api/src/modules/tickets/hold-statement.ts';
import {
  type CpuSnapshot,
  httpRequest,
  LeanConnection,
  median,
  POOL_SIZE,
  quantile,
  startServer,
  startSessions,
} from './support.ts';

const KS = (process.env.BENCH_K ?? '50,200,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const stockFor = (k: number) => Math.max(1, Math.round(k / 4));

interface Sample {
  k: number;
  granted: number;
  errors: number;
  wallMs: number;
  latencies: number[];
  cpu: CpuSnapshot;
}

async function main() {
  const server = await startServer('sale');
  try {
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: POOL_SIZE });
    const sync = (await pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit;
    const maxK = Math.max(...KS);

    // Buyers: rows inserted directly, each with an access token signed as the auth plugin does.
    const tag = Date.now().toString(36);
    const { rows: buyers } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, username, password_hash, birth_date, email_verified_at)
       SELECT 'bench' || g || '_${tag}@example.test', 'bench' || g || '_${tag}', 'x', '1990-01-01', now()
       FROM generate_series(1, $1) g RETURNING id`,
      [maxK],
    );
    const sessionIds = await startSessions(
      pool,
      buyers.map((b) => b.id),
    );
    const tokens = buyers.map((b, i) => server.accessToken(b.id, 'USER', sessionIds[i]!));

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

    const body = JSON.stringify([
      {
        ticketType: 'STANDARD',
        firstName: 'Bench',
        lastName: 'Buyer',
        dateOfBirth: '1990-01-01',
        useFreeTicket: false,
      },
    ]);
    // One keep-alive connection per buyer, opened once (a browser keeps its connection too).
    const connections = buyers.map(() => new LeanConnection(server.port));
    const reserveRequest = (eventId: number, token: string) =>
      httpRequest(
        'POST',
        `/api/tickets/reserve?eventId=${eventId}`,
        { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      );

    /** All K requests fired at once; every run checks holds granted = S = held_standard. */
    async function httpRun(k: number): Promise<Sample> {
      const s = stockFor(k);
      const eventId = await newEvent(s);
      const requests = tokens.slice(0, k).map((token) => reserveRequest(eventId, token));
      const latencies: number[] = [];
      let granted = 0;
      let errors = 0;
      const cpu0 = server.cpu();
      const t0 = performance.now();
      await Promise.all(
        requests.map(async (request, i) => {
          const start = performance.now();
          const status = await connections[i]!.send(request);
          latencies.push(performance.now() - start);
          if (status === 200) granted++;
          else if (status !== 409) errors++;
        }),
      );
      const wallMs = performance.now() - t0;
      const cpu = server.cpuSince(cpu0);
      const held = Number(
        (await pool.query('SELECT held_standard FROM events WHERE id = $1', [eventId])).rows[0].held_standard,
      );
      if (held !== granted || granted !== s)
        throw new Error(`HTTP K=${k}: granted ${granted}, held ${held}, stock ${s}, errors ${errors}`);
      return { k, granted, errors, wallMs, latencies: latencies.sort((a, b) => a - b), cpu };
    }

    // The service's statement with the values an HTTP buyer's request produces.
    const drafts = JSON.stringify(JSON.parse(body));
    const rawQuery = (eventId: number, buyer: number) =>
      holdQuery({
        userId: Number(buyers[buyer]!.id),
        sessionVersion: 0,
        sessionId: sessionIds[buyer]!,
        eventId,
        standardQty: 1,
        vipQty: 0,
        freeQty: 0,
        percentPaid: 100,
        drafts,
        affiliateId: null,
      });

    async function rawRun(k: number): Promise<Sample> {
      const s = stockFor(k);
      const eventId = await newEvent(s);
      const latencies: number[] = [];
      let granted = 0;
      let errors = 0;
      const cpu0 = server.cpu();
      const t0 = performance.now();
      await Promise.all(
        buyers.slice(0, k).map(async (_b, i) => {
          const start = performance.now();
          try {
            const r = await pool.query(rawQuery(eventId, i));
            if (r.rows[0]?.id) granted++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - start);
        }),
      );
      const wallMs = performance.now() - t0;
      const cpu = server.cpuSince(cpu0);
      if (granted !== s) throw new Error(`raw K=${k}: granted ${granted}, stock ${s}`);
      return { k, granted, errors, wallMs, latencies: latencies.sort((a, b) => a - b), cpu };
    }

    if (process.env.BENCH_DEBUG) {
      const eventId = await newEvent(1000);
      const lat = { http: [] as number[], raw: [] as number[] };
      for (let i = 0; i < 40; i++) {
        let t = performance.now();
        await connections[i]!.send(reserveRequest(eventId, tokens[i]!));
        lat.http.push(performance.now() - t);
        t = performance.now();
        await pool.query(rawQuery(eventId, i));
        lat.raw.push(performance.now() - t);
      }
      for (const [name, xs] of Object.entries(lat))
        console.log(name, 'sequential median ms', median(xs.slice(10)).toFixed(2));
    }

    // Warm-up (JIT, connections, prepared statements), not measured.
    for (let i = 0; i < WARMUP; i++)
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

    const summarise = (samples: Sample[]) => {
      const requests = samples.reduce((n, x) => n + x.k, 0);
      const perRequest = (part: keyof CpuSnapshot) =>
        ((samples.reduce((n, x) => n + x.cpu[part], 0) / requests) * 1000).toFixed(0);
      return {
        rate: median(samples.map((x) => (x.k / x.wallMs) * 1000)),
        p50: median(samples.map((x) => quantile(x.latencies, 0.5))),
        p99: median(samples.map((x) => quantile(x.latencies, 0.99))),
        granted: samples.map((x) => x.granted),
        errors: samples.reduce((n, x) => n + x.errors, 0),
        cpu: {
          server: perRequest('server'),
          serverKernel: perRequest('serverKernel'),
          bench: perRequest('bench'),
          db: perRequest('db'),
        },
      };
    };
    console.log(
      `\nFlash sale: ${RUNS} interleaved runs per K after ${WARMUP} warm-up rounds, medians. PostgreSQL synchronous_commit=${sync}, pool ${POOL_SIZE}, production server, logger warn, ${cpus().length} CPUs.\n`,
    );
    console.log(
      '| K buyers | S tickets | HTTP req/s | HTTP p50 ms | HTTP p99 ms | raw pg req/s | raw p50 ms | raw p99 ms | HTTP / raw | holds granted (every run) | errors | CPU µs/req HTTP: server (of which kernel) / load / db | raw: client / db |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|');
    const pairedLines: string[] = [];
    for (const k of KS) {
      const { http: h, raw: r } = results.get(k)!;
      const a = summarise(h);
      const b = summarise(r);
      // Each HTTP run and its raw partner ran back to back: their ratio drifts less with the machine.
      const paired = h.map((x, i) => x.wallMs > 0 && r[i]!.wallMs / x.wallMs);
      pairedLines.push(
        `K=${k}: HTTP / raw per run ${paired.map((x) => `${(Number(x) * 100).toFixed(0)}%`).join(', ')} (paired median ${(median(paired.map(Number)) * 100).toFixed(0)}%)`,
      );
      console.log(
        `| ${k} | ${stockFor(k)} | ${a.rate.toFixed(0)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.rate.toFixed(0)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${((a.rate / b.rate) * 100).toFixed(0)}% | ${[...new Set(a.granted)].join('/')} = S | ${a.errors + b.errors} | ${a.cpu.server} (${a.cpu.serverKernel}) / ${a.cpu.bench} / ${a.cpu.db} | ${b.cpu.bench} / ${b.cpu.db} |`,
      );
    }
    console.log(`\n${pairedLines.join('\n')}`);
    await pool.end();
    for (const c of connections) c.close();
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
