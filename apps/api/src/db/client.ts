import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Lanes, pipelinedLanes, settingsQuery } from './lanes.ts';
import { API_ROOT } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'src/db/migrations');

/** Raw SQL for the few places that need it (the job queue, health checks, the hottest statements). */
export interface RawSql {
  /**
   * `name`: run as a named prepared statement on PostgreSQL (parsed and planned once per
   * connection); one name always goes with one text. PGlite runs it as it is.
   */
  query<T = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<{ rows: T[] }>;
  /** Several statements in one string, no parameters; answers the last statement's rows. */
  exec<T = Record<string, unknown>>(text: string): Promise<{ rows: T[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: RawSql;
  /**
   * A named prepared statement on the pipelined lane of `key` (db/lanes.ts): for statements that
   * queue on one hot row anyway, such as an event's holds. PGlite runs it as raw.query does.
   */
  onLane<T = Record<string, unknown>>(
    key: number,
    text: string,
    values: unknown[],
    name: string,
  ): Promise<{ rows: T[] }>;
  /** The pg pool (postgres only), for the job queue. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the lock the migrations take (PostgreSQL: an advisory lock across
   * instances; PGlite has one process), for other one-time installation steps such as pg-boss's.
   */
  underMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// A fixed key for the advisory lock that serialises migrations across instances.
const MIGRATION_LOCK_KEY = 4_404_404;
/**
 * No parallel workers and no JIT compilation for the app's statements (issue 19). Every statement
 * behind a page reads a few thousand rows at most by design; starting parallel workers costs more
 * than that. The door dashboard's device list, 4,162 scans read by index, was planned with two
 * workers once the scale database was vacuumed: 53 ms, 2 ms without. A backend's first JIT
 * compilation cost ~200 ms. With twenty requests at once on two cores, a worker only takes a core
 * from another request. Set per connection, not as startup options, so a pooler in front
 * (PgBouncer refuses unknown startup parameters) still works.
 */
export const SESSION_SETTINGS = { max_parallel_workers_per_gather: '0', jit: 'off' };

/** How long a request waits for a database connection before it fails with 503. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory for PGlite files; undefined = in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.pgliteDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const connection: pg.ClientConfig = {
    connectionString: url,
    // While PostgreSQL is down or unreachable, a request waits at most this long for a connection,
    // then fails (503, lib/errors.ts) instead of hanging; the pool reconnects once it is back.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose peer vanished (network cut, server gone without closing) is noticed.
    keepAlive: true,
    // First probe after 10 s idle, not the system's 2 hours: a lane stays open while idle.
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Each connection is set up for many short statements at once (queued before its first query).
  const setup = settingsQuery(SESSION_SETTINGS);
  pool.on('connect', (client) => {
    client.query(setup).catch(() => {});
  });
  const lanes: Lanes = pipelinedLanes(connection, SESSION_SETTINGS);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    pool,
    raw: {
      query: async (text, values, name) => {
        const r = await pool.query(
          name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] },
        );
        return { rows: r.rows };
      },
      exec: async (text) => {
        const r = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(r) ? r.at(-1) : r;
        return { rows: (last?.rows ?? []) as never[] };
      },
    },
    onLane: (key, text, values, name) => lanes.query(key, text, values, name),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async underMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await lanes.close();
      await pool.end();
    },
  };
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // The back office's search (migration 0011) needs pg_trgm and unaccent, which PGlite loads on start.
  const extensions = { pg_trgm, unaccent };
  const client = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const raw: RawSql = {
    query: async (text, values) => {
      const r = await client.query(text, values as unknown[]);
      return { rows: r.rows as never[] };
    },
    exec: async (text) => {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as never[] };
    },
  };
  return {
    kind: 'pglite',
    db,
    raw,
    // One connection: there is nothing to pipeline beside.
    onLane: (_key, text, values) => raw.query(text, values),
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    underMigrationLock: (fn) => fn(),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}
