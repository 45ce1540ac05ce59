/**
 * Flash-sale benchmark (npm run bench:sale): K signed-in buyers race over HTTP for S tickets of one
 * event, against the production server on PostgreSQL (synchronous_commit on, logger at warn). In
 * the same run, the database's own limit: the service's hold statement (reserve.service.ts
 * holdQuery: account check, conditional stock UPDATE, hold INSERT), sent straight to PostgreSQL
 * with `pg` one statement per buyer through a pool of the server's size, at the same concurrency.
 * Beside it, the pipelined raw side: the same statements on the service's own pipelined lane
 * (db/lanes.ts) through `pg`, without HTTP, so HTTP / pipelined raw is what the HTTP layer costs on
 * the same database work. The three are interleaved, RUNS times each after WARMUP rounds; medians
 * are reported, with the CPU each side spent per request (server, load generator or raw client,
 * PostgreSQL).
 *
 * Each K runs on two events (issue 20): one selling STANDARD at one price, and one selling it in
 * three releases of S/3 each (early bird, tier 2, final), where every run must also sell each
 * release exactly to its quantity.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sale
 *   BENCH_K=50,200,1000 BENCH_RUNS=5 BENCH_WARMUP=5 BENCH_LADDERS=single,three (defaults)
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { SESSION_SETTINGS } from '../apps/api/src/db/client.ts';
import { pipelinedLanes } from '../apps/api/src/db/lanes.ts';
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
type Ladder = 'single' | 'three';
const LADDERS = (process.env.BENCH_LADDERS ?? 'single,three').split(',') as Ladder[];
/** Three releases of S/3 each (the last takes the remainder), at rising prices. */
const releaseQuantities = (s: number) => {
  const third = Math.floor(s / 3);
  return [third, third, s - 2 * third];
};

interface Sample {
  k: number;
  ladder: Ladder;
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

    const newEvent = async (s: number, ladder: Ladder = 'single') => {
      const eventId = Number(
        (
          await pool.query(
            `INSERT INTO events (title, status, starts_at, ends_at, total_standard, total_vip, standard_price_pence, vip_price_pence, has_releases)
             VALUES ('Flash sale', 'PUBLISHED', now() + interval '7 days', now() + interval '7 days 6 hours', $1, 0, 2000, 5000, $2)
             RETURNING id`,
            [s, ladder === 'three'],
          )
        ).rows[0].id,
      );
      if (ladder === 'three') {
        await pool.query(
          `INSERT INTO ticket_releases (event_id, ticket_type, position, name, price_pence, quantity)
           SELECT $1, 'STANDARD', p, (ARRAY['Early bird', 'Tier 2', 'Final release'])[p], 1000 + 500 * p, q
           FROM unnest($2::int[]) WITH ORDINALITY AS x(q, p)`,
          [eventId, releaseQuantities(s)],
        );
      }
      return eventId;
    };
    /** Every release of a three-release run held exactly its quantity (the hold statement's counters). */
    const checkReleases = async (eventId: number, s: number, side: string) => {
      const { rows } = await pool.query<{ held: number; quantity: number }>(
        'SELECT held, quantity FROM ticket_releases WHERE event_id = $1 ORDER BY position',
        [eventId],
      );
      const held = rows.map((r) => r.held);
      if (held.join() !== releaseQuantities(s).join())
        throw new Error(`${side}: releases held ${held.join('/')}, quantities ${releaseQuantities(s).join('/')}`);
    };

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
    async function httpRun(k: number, ladder: Ladder): Promise<Sample> {
      const s = stockFor(k);
      const eventId = await newEvent(s, ladder);
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
      if (ladder === 'three') await checkReleases(eventId, s, `HTTP K=${k}`);
      return { k, ladder, granted, errors, wallMs, latencies: latencies.sort((a, b) => a - b), cpu };
    }

    // The service's statement with the values an HTTP buyer's request produces: the one-price
    // statement for a one-price event, the whole statement for one in releases (which the service
    // reaches after a one-price statement that finds the releases; the raw side skips that one).
    const drafts = JSON.stringify(JSON.parse(body));
    const rawQuery = (eventId: number, buyer: number, ladder: Ladder) =>
      holdQuery(
        {
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
          unlockCode: null,
        },
        { onePriceHold: ladder === 'single' },
      );

    // The service's lanes, opened as the server opens them (its connection settings).
    const lanes = pipelinedLanes({ connectionString: server.databaseUrl }, SESSION_SETTINGS);
    const sendRaw = {
      raw: async (eventId: number, i: number, ladder: Ladder) =>
        (await pool.query(rawQuery(eventId, i, ladder))).rows[0]?.id,
      pipelined: async (eventId: number, i: number, ladder: Ladder) => {
        const q = rawQuery(eventId, i, ladder);
        return (await lanes.query<{ id: string | null }>(eventId, q.text, q.values, q.name)).rows[0]?.id;
      },
    };

    async function rawRun(k: number, ladder: Ladder, side: keyof typeof sendRaw = 'raw'): Promise<Sample> {
      const s = stockFor(k);
      const eventId = await newEvent(s, ladder);
      const latencies: number[] = [];
      let granted = 0;
      let errors = 0;
      const cpu0 = server.cpu();
      const t0 = performance.now();
      await Promise.all(
        buyers.slice(0, k).map(async (_b, i) => {
          const start = performance.now();
          try {
            if (await sendRaw[side](eventId, i, ladder)) granted++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - start);
        }),
      );
      const wallMs = performance.now() - t0;
      const cpu = server.cpuSince(cpu0);
      if (granted !== s) throw new Error(`${side} K=${k}: granted ${granted}, stock ${s}`);
      if (ladder === 'three') await checkReleases(eventId, s, `${side} K=${k}`);
      return { k, ladder, granted, errors, wallMs, latencies: latencies.sort((a, b) => a - b), cpu };
    }

    if (process.env.BENCH_DEBUG) {
      const eventId = await newEvent(1000, LADDERS.at(-1));
      const lat = { http: [] as number[], raw: [] as number[] };
      for (let i = 0; i < 40; i++) {
        let t = performance.now();
        await connections[i]!.send(reserveRequest(eventId, tokens[i]!));
        lat.http.push(performance.now() - t);
        t = performance.now();
        await pool.query(rawQuery(eventId, i, LADDERS.at(-1)!));
        lat.raw.push(performance.now() - t);
      }
      for (const [name, xs] of Object.entries(lat))
        console.log(name, 'sequential median ms', median(xs.slice(10)).toFixed(2));
    }

    // Warm-up (JIT, connections, prepared statements), not measured.
    const cases = KS.flatMap((k) => LADDERS.map((ladder) => ({ k, ladder, key: `${k}/${ladder}` })));
    for (let i = 0; i < WARMUP; i++)
      for (const { k, ladder } of cases) {
        await httpRun(k, ladder);
        await rawRun(k, ladder);
        await rawRun(k, ladder, 'pipelined');
      }

    const results = new Map<string, { http: Sample[]; raw: Sample[]; pipelined: Sample[] }>();
    for (let run = 0; run < RUNS; run++) {
      for (const { k, ladder, key } of cases) {
        const entry = results.get(key) ?? { http: [], raw: [], pipelined: [] };
        // Alternate the order, so no side always meets a warmer or colder database.
        const sides = [
          async () => entry.http.push(await httpRun(k, ladder)),
          async () => entry.raw.push(await rawRun(k, ladder)),
          async () => entry.pipelined.push(await rawRun(k, ladder, 'pipelined')),
        ];
        for (const side of run % 2 === 0 ? sides : sides.reverse()) await side();
        results.set(key, entry);
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
      '| K buyers | S tickets | releases | HTTP req/s | HTTP p50 ms | HTTP p99 ms | raw pg req/s | raw p50 ms | raw p99 ms | HTTP / raw | holds granted (every run) | errors | CPU µs/req HTTP: server (of which kernel) / load / db | raw: client / db | pipelined raw req/s, p99 ms | pipelined raw: client / db |',
    );
    console.log('|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|---|---|');
    const pairedLines: string[] = [];
    for (const { k, ladder, key } of cases) {
      const { http: h, raw: r, pipelined: p } = results.get(key)!;
      const releases = ladder === 'three' ? releaseQuantities(stockFor(k)).join(' + ') : 'one price';
      const a = summarise(h);
      const b = summarise(r);
      const c = summarise(p);
      // Each HTTP run and its raw partners ran back to back: their ratio drifts less with the machine.
      const pairedWith = (other: Sample[]) => h.map((x, i) => other[i]!.wallMs / x.wallMs);
      const perRun = (xs: number[]) =>
        `${xs.map((x) => `${(x * 100).toFixed(0)}%`).join(', ')} (paired median ${(median(xs) * 100).toFixed(0)}%)`;
      const name = `K=${k}, ${ladder === 'three' ? 'three releases' : 'one price'}`;
      pairedLines.push(
        `${name}: HTTP / raw per run ${perRun(pairedWith(r))}`,
        `${name}: HTTP / pipelined raw per run ${perRun(pairedWith(p))}: what the HTTP layer costs on the same database work`,
      );
      console.log(
        `| ${k} | ${stockFor(k)} | ${releases} | ${a.rate.toFixed(0)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.rate.toFixed(0)} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${((a.rate / b.rate) * 100).toFixed(0)}% | ${[...new Set(a.granted)].join('/')} = S | ${a.errors + b.errors + c.errors} | ${a.cpu.server} (${a.cpu.serverKernel}) / ${a.cpu.bench} / ${a.cpu.db} | ${b.cpu.bench} / ${b.cpu.db} | ${c.rate.toFixed(0)}, ${c.p99.toFixed(1)} | ${c.cpu.bench} / ${c.cpu.db} |`,
      );
    }
    console.log(`\n${pairedLines.join('\n')}`);
    await lanes.close();
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
