import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { isLocalRequest } from '../lib/local-request.ts';

/**
 * Prometheus metrics at GET /metrics (outside /api, never public): with METRICS_TOKEN set, only
 * `Authorization: Bearer <token>`; without it, only this machine's loopback with no proxy between.
 * Each app has its own Registry (not prom-client's global one): tests build several apps in one
 * process, and each must count only its own requests. The metric names are listed in
 * docs/operations.md ("Metrics").
 */

export interface Metrics {
  registry: Registry;
  /** mail.send job runs: `sent` or `failed` (a failed run is retried, so one message may fail several times). */
  mail: Counter<'result' | 'transport'>;
  /** CSV exports answered, by export (orders, attendees, scans, payouts) and how: kept, joined or made. */
  exports: Counter<'export' | 'answer'>;
  /** Resolves as `work` does, counting a reservation granted, or refused with its error code. */
  countHold<T>(work: Promise<T>): Promise<T>;
  /** Resolves as `work` does, counting the scan's result: OK (admitted) or the refusal's status. */
  countScan<T>(work: Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Requests that matched no route share one label: the raw URL would carry ids, tokens and junk. */
const UNMATCHED_ROUTE = '(unmatched)';
/** A scrape waits this long for the job-queue counts, then answers without them. */
const QUEUE_STATS_TIMEOUT_MS = 2_000;

/**
 * Jobs per queue and state, from pg-boss's own tables: waiting (created or retry, deferred
 * included), active, and failed (retries used up; kept until pg-boss deletes them, 7 days by
 * default). One grouped read of the retained jobs, cut off by statement_timeout on PostgreSQL.
 */
const QUEUE_STATS_SQL = `SET LOCAL statement_timeout = ${QUEUE_STATS_TIMEOUT_MS};
SELECT q.name,
  count(j.id) FILTER (WHERE j.state < 'active')::int AS waiting,
  count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
  count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name
GROUP BY q.name`;

interface QueueStatsRow {
  name: string;
  waiting: number;
  active: number;
  failed: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Compared as digests in constant time, so neither the content nor the length of the token leaks. */
function isSameSecret(sent: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(sha256(sent), expectedDigest);
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function databaseMetrics(registry: Registry, database: Database) {
  const pool = database.pool;
  new Gauge({
    name: 'fourfour_db_pool_max_connections',
    help: 'Connections the database pool may open (PGlite: one, in process)',
    registers: [registry],
    collect() {
      this.set(pool ? (pool.options.max ?? 10) : 1);
    },
  });
  new Gauge({
    name: 'fourfour_db_pool_connections',
    help: 'Connections the database pool holds open (PGlite: one, in process)',
    registers: [registry],
    collect() {
      this.set(pool ? pool.totalCount : 1);
    },
  });
  // PGlite has no pool: no idle connections to count and no queue to wait in.
  if (!pool) return;
  new Gauge({
    name: 'fourfour_db_pool_idle_connections',
    help: 'Open connections not in use',
    registers: [registry],
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'fourfour_db_pool_waiting_queries',
    help: 'Queries waiting for a free connection (above 0 for long = the pool is too small or the database too slow)',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

function jobQueueMetrics(registry: Registry, database: Database, log: { warn(obj: object, msg: string): void }) {
  // One read serves the three gauges of a scrape (prom-client collects them all at once) and any
  // scrape that arrives while it runs.
  let pending: Promise<QueueStatsRow[] | null> | null = null;
  const readStats = () => {
    pending ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), QUEUE_STATS_TIMEOUT_MS + 500);
        });
        const { rows } = await Promise.race([database.raw.exec<QueueStatsRow>(QUEUE_STATS_SQL), timeout]);
        return rows;
      } catch (err) {
        log.warn({ err }, 'metrics: job queue counts unavailable');
        return null;
      } finally {
        clearTimeout(timer);
        pending = null;
      }
    })();
    return pending;
  };
  const gauge = (name: string, help: string, pick: (row: QueueStatsRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const rows = await readStats();
        if (!rows) return;
        this.reset();
        for (const row of rows) this.set({ queue: row.name }, pick(row));
      },
    });
  gauge('fourfour_job_queue_waiting', 'Jobs waiting to run (new, deferred or waiting for a retry)', (r) => r.waiting);
  gauge('fourfour_job_queue_active', 'Jobs running now', (r) => r.active);
  gauge(
    'fourfour_job_queue_failed',
    'Jobs that used up their retries (kept until pg-boss deletes them)',
    (r) => r.failed,
  );
}

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // Each series' children are looked up once (routes x methods x statuses is a small set), so a
    // request costs a Map read and two additions rather than hashing its labels twice.
    const series = new Map<
      string,
      { count: Counter.Internal; duration: Histogram.Internal<'method' | 'route' | 'status'> }
    >();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let children = series.get(key);
      if (!children) {
        const labels = { method: request.method, route, status: reply.statusCode };
        children = { count: requests.labels(labels), duration: durations.labels(labels) };
        series.set(key, children);
      }
      children.count.inc();
      children.duration.observe(reply.elapsedTime / 1000);
      done();
    });

    databaseMetrics(registry, app.database);
    jobQueueMetrics(registry, app.database, app.log);

    const mail = new Counter({
      name: 'fourfour_mail_total',
      help: 'Mail job runs by result (sent, failed) and transport (smtp, dev-mailbox)',
      labelNames: ['result', 'transport'],
      registers: [registry],
    });
    const holds = new Counter({
      name: 'fourfour_ticket_holds_total',
      help: 'Ticket reservations by result (granted, refused) and refusal code (NOT_ENOUGH_STOCK, TICKET_LIMIT, ...)',
      labelNames: ['result', 'reason'],
      registers: [registry],
    });
    const scans = new Counter({
      name: 'fourfour_ticket_scans_total',
      help: 'Door scans by result: OK (admitted), ALREADY_USED, VOID, WRONG_DAY, INVALID',
      labelNames: ['result'],
      registers: [registry],
    });

    const exports = new Counter({
      name: 'fourfour_export_downloads_total',
      help: 'CSV exports answered, by export and how: kept (unchanged since a copy was made), joined (a making under way), made',
      labelNames: ['export', 'answer'],
      registers: [registry],
    });

    const metrics: Metrics = {
      registry,
      mail,
      exports,
      async countHold(work) {
        try {
          const result = await work;
          holds.inc({ result: 'granted', reason: '' });
          return result;
        } catch (err) {
          // Refusals only: a 5xx is a fault, counted by http_requests_total.
          if (err instanceof AppError && err.status < 500) holds.inc({ result: 'refused', reason: err.code });
          throw err;
        }
      },
      async countScan(work) {
        try {
          const result = await work;
          scans.inc({ result: 'OK' });
          return result;
        } catch (err) {
          // A door refusal carries its status; an ended session or a missing role is no scan result.
          const status = err instanceof AppError ? err.extra?.status : undefined;
          if (typeof status === 'string') scans.inc({ result: status });
          throw err;
        }
      },
    };
    app.decorate('metrics', metrics);

    const token = app.config.metricsToken ? sha256(app.config.metricsToken) : null;
    const metricsAccess = async (request: FastifyRequest, reply: FastifyReply) => {
      if (token) {
        const sent = bearerOf(request);
        if (sent && isSameSecret(sent, token)) return;
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized.');
      }
      if (isLocalRequest(request)) return;
      return reply.status(404).type('text/plain').send('Not found.');
    };
    const route = {
      config: { access: 'loopback-or-token' as const },
      schema: { hide: true },
      onRequest: metricsAccess,
    };
    app.get('/metrics', route, async (_request, reply) => {
      const body = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
    });
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
