import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import type { Db as IDatabase, Queue, SendOptions } from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';
import { createPayloadSeal } from '../lib/sealed-payload.ts';

export interface JobContext {
  id: string;
  retryCount: number;
}
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface JobDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  /** Retries with exponential backoff by default: a failed job is tried again, not lost. */
  options?: Omit<Queue, 'name'>;
}

export interface Jobs {
  define<T extends object>(definition: JobDefinition<T>): void;
  /**
   * Enqueue; with `tx` the job is inserted in that transaction, so it exists only if the tx commits.
   * The data is stored sealed (lib/sealed-payload.ts) and opened for the handler.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions & { tx?: DbOrTx }): Promise<string | null>;
  /** Run a job on a cron schedule (once across all instances). */
  schedule(name: string, cron: string): Promise<void>;
  boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const DEFAULT_QUEUE: Omit<Queue, 'name'> = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 15 * 60,
  expireInSeconds: 5 * 60,
};

/**
 * How often each instance looks for jobs whose worker went silent: a job still active past its
 * queue's expireInSeconds (its instance was killed, or lost the database) is failed and retried on
 * whichever instance polls next. pg-boss checks every 60 s by default; every 10 s, a job claimed by
 * a dead instance runs again within ~10 s of expiring (plus its retry delay). A few cheap queries.
 */
const SUPERVISION = { superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 } as const;

/** pg-boss's database interface over PGlite: multi-statement SQL goes through exec. */
function pgliteAdapter(database: Database): IDatabase {
  return {
    executeSql: (text, values) =>
      values && values.length > 0 ? database.raw.query(text, values) : database.raw.exec(text),
  };
}

/** A drizzle transaction's underlying client, so a job can be enqueued inside it. */
function transactionAdapter(tx: DbOrTx): IDatabase {
  const client = (tx as unknown as { session: { client: IDatabase & { query: IDatabase['executeSql'] } } }).session
    .client;
  return { executeSql: (text, values) => client.query(text, values) };
}

export interface JobsPluginOptions {
  /** Poll interval for workers; tests use a short one. */
  pollingIntervalSeconds?: number;
  /** Start workers (default true). */
  work?: boolean;
}

/**
 * A durable Postgres-backed queue (pg-boss) on the same database, PGlite or PostgreSQL: jobs
 * survive restarts and are safe with several instances. Modules define their queues while the app
 * is built; workers start when the app is ready.
 */
export default fp<JobsPluginOptions>(
  async (app, options) => {
    const database = app.database;
    const boss =
      database.kind === 'postgres' && database.pool
        ? new PgBoss({
            db: { executeSql: (text, values) => database.pool!.query(text, values as unknown[]) },
            ...SUPERVISION,
          })
        : new PgBoss({ db: pgliteAdapter(database), ...SUPERVISION });
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    // pg-boss installs its schema on first start under its own transaction lock, but instances
    // starting together on an empty database still collide (a backend that already looked for the
    // schema keeps a stale catalog entry: "duplicate key ... pgboss"). One at a time, it is clean.
    await database.underMigrationLock(() => boss.start());

    const payloads = createPayloadSeal(app.config.appSecret);
    const definitions = new Map<string, JobDefinition<never>>();
    const jobs: Jobs = {
      boss,
      define(definition) {
        definitions.set(definition.name, definition as JobDefinition<never>);
      },
      async send(name, data, sendOptions = {}) {
        const { tx, ...rest } = sendOptions;
        const sealed = payloads.seal(name, data);
        return boss.send(name, sealed, tx ? { ...rest, db: transactionAdapter(tx) } : rest);
      },
      async schedule(name, cron) {
        await boss.schedule(name, cron, {}, { tz: app.config.timezone });
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      for (const def of definitions.values()) {
        const queue = { ...DEFAULT_QUEUE, ...def.options };
        if (!queue.retryBackoff) delete queue.retryDelayMax;
        await boss.createQueue(def.name, queue);
        // pg-boss caches the queues it knew at start; warm the cache now, so that a job sent inside a
        // transaction never has to look its queue up on another connection (PGlite has only one).
        await boss.getQueueStats(def.name);
        if (options.work === false) continue;
        await boss.work(
          def.name,
          { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            try {
              await def.handler(payloads.open<never>(def.name, job.data), { id: job.id, retryCount: job.retryCount });
            } catch (err) {
              app.log.warn(
                { err, job: def.name, jobId: job.id, retry: job.retryCount },
                'job failed; it will be retried',
              );
              throw err;
            }
          },
        );
      }
    });
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
    });
  },
  { name: 'jobs', dependencies: ['db', 'config'] },
);
