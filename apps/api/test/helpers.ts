import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

/**
 * An isolated database for one test file: a fresh in-memory PGlite, or, when DATABASE_URL is set,
 * a new PostgreSQL database created for the file and dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({});
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
  return database;
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
    logger: false,
    webApp: options.webApp ?? false,
    jobs: options.jobs ?? { pollingIntervalSeconds: 0.5 },
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
