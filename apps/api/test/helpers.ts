import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

/**
 * An isolated database for one test file, with every migration applied: a fresh copy of the run's
 * template (test/global-setup.ts), an embedded PGlite in its own directory or, when DATABASE_URL is
 * set, a new PostgreSQL database; removed or dropped on close. `migrated: false` starts from an
 * empty database instead (in memory for PGlite), for the tests of the migrations themselves.
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  const template = migrated ? inject('testDatabaseTemplate') : undefined;
  if (!adminUrl) {
    if (template?.kind !== 'pglite') return openDatabase({});
    const root = mkdtempSync(path.join(path.dirname(path.dirname(template.dir)), 'fourfour-test-db-'));
    const dir = path.join(root, 'db');
    cpSync(template.dir, dir, { recursive: true });
    const database = await openDatabase({ pgliteDir: dir });
    return onClose(database, async () => rmSync(root, { recursive: true, force: true }));
  }
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const from = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : '';
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${from}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  return onClose(database, () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

function onClose(database: Database, after: () => Promise<void>): Database {
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await after();
  };
  return database;
}

/** One statement on the server DATABASE_URL names (CREATE or DROP DATABASE). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fourfour-test-')),
    APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The same app the server builds, on an isolated database, with fast job polling. */
export async function createTestApp(
  options: {
    env?: Record<string, string | undefined>;
    /** Extra routes or job definitions, added before the app is ready. */
    setup?: (app: FastifyInstance) => void | Promise<void>;
  } & Partial<Omit<BuildAppOptions, 'config'>> = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    logger: options.logger ?? false,
    webApp: options.webApp ?? false,
    jobs: options.jobs ?? { pollingIntervalSeconds: 0.5 },
    modules: options.modules,
  });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`waitFor timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
