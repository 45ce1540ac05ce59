import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';

interface StoreResult {
  current: number;
  ttl: number;
}

/**
 * A rate-limit store in PostgreSQL, so every instance behind a load balancer shares the counts.
 * One upsert per counted request; a window restarts once it has expired.
 */
function postgresStore(db: Db) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number) {
      db.execute(sql`
        INSERT INTO rate_limits (key, count, expires_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
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
    child() {
      return new PostgresRateLimitStore();
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
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${context.after} and try again.`,
        code: 'TOO_MANY_REQUESTS',
      }),
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
