import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';

interface StoreResult {
  current: number;
  ttl: number;
}

/** A limit counted per some key of the request (an email address, an account), not per IP. */
export interface KeyedLimit {
  max: number;
  timeWindow: string | number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that counts requests per `keyOf(request)` in the same shared store as the per-IP
     * limits (Redis or PostgreSQL, so every instance sees the same counts) and answers 429 like
     * them. `name` keeps different limits apart; a request without a key (keyOf answers null or
     * undefined) is not counted. RATE_LIMIT=off lifts it too.
     */
    limitPer(
      name: string,
      limit: KeyedLimit,
      keyOf: (request: FastifyRequest) => string | number | null | undefined,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Per signed-in account (on a 'signed-in' or role route, after its check): for limitPer. */
export const perAccount = (request: FastifyRequest): number | undefined => request.user?.id;

/**
 * Per target email address in the JSON body (after validation): trimmed, lower-cased and without a
 * `+tag`, so one inbox is one key however its address is spelled.
 */
export const perTargetEmail = (request: FastifyRequest): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.replace(/\+.*$/, '')}@${domain}`;
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
/** As @fastify/rate-limit words its wait ("59 seconds", "15 minutes", "1 hour"). */
const formatSeconds = (seconds: number) =>
  seconds < 60
    ? plural(Math.max(1, seconds), 'second')
    : seconds < 3600
      ? plural(Math.round(seconds / 60), 'minute')
      : plural(Math.round(seconds / 3600), 'hour');

const tooManyRequests = (after: string) => ({
  statusCode: 429,
  message: `Too many requests. Please wait ${after} and try again.`,
  code: 'TOO_MANY_REQUESTS',
});

/**
 * A rate-limit store in PostgreSQL, so every instance behind a load balancer shares the counts.
 * One upsert per counted request; a window restarts once it has expired. Each route's limit counts
 * under its own prefix (as the Redis store does), so one route's requests do not use up another's.
 */
function postgresStore(db: Db) {
  return class PostgresRateLimitStore {
    // The plugin constructs the root store with its options; children get their route's prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}
    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number) {
      db.execute(sql`
        INSERT INTO rate_limits (key, count, expires_at)
        VALUES (${this.prefix + key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          expires_at = CASE WHEN rate_limits.expires_at <= now()
            THEN now() + make_interval(secs => ${timeWindow / 1000}) ELSE rate_limits.expires_at END
        RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM (expires_at - now())) * 1000)::bigint AS ttl`)
        .then((result) => {
          const row = (result as unknown as { rows: { count: number; ttl: string | number }[] }).rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((err: Error) => callback(err));
    }
    child(options: object) {
      // The route's limit (its routeInfo); limitPer's checks have none and name their keys themselves.
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PostgresRateLimitStore(undefined, route?.method && route.url ? `${route.method}${route.url}-` : '');
    }
  };
}

/**
 * Per-IP request throttling for the routes that opt in (config.rateLimit on the route). Counts live
 * in Redis when REDIS_URL is set, otherwise in PostgreSQL. RATE_LIMIT=off lifts it (load tests).
 */
export default fp(
  async (app) => {
    const redis = app.config.redisUrl ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'fourfour-rl:' } : { store: postgresStore(app.db) }),
      skipOnError: true,
      allowList: () => !app.config.rateLimit,
      errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
    });
    app.decorate('limitPer', (name: string, limit: KeyedLimit, keyOf: (request: FastifyRequest) => unknown) => {
      const check = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${keyOf(request)}` });
      return async (request: FastifyRequest, reply: FastifyReply) => {
        if (keyOf(request) == null) return;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests(formatSeconds(result.ttlInSeconds));
      };
    });
    if (redis) app.addHook('onClose', async () => void redis.quit());
    // Expired counters are swept now and then so the table stays small.
    app.jobs.define({
      name: 'maintenance.rate-limits',
      handler: async () => {
        await app.db.execute(sql`DELETE FROM rate_limits WHERE expires_at < now() - interval '1 hour'`);
      },
    });
    app.addHook('onReady', async () => app.jobs.schedule('maintenance.rate-limits', '*/30 * * * *'));
  },
  { name: 'rate-limit', dependencies: ['db', 'jobs', 'config'] },
);
