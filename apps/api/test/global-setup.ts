import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that createTestDatabase copies for each test file. */
    testDatabaseTemplate: { kind: 'pglite'; dir: string } | { kind: 'postgres'; name: string };
  }
}

/**
 * Once per run: one database with every migration applied, which each test file then copies
 * (createTestDatabase). Starting an embedded database from scratch runs initdb (~1.7 s of CPU) and
 * then the migrations; copying a migrated one takes ~0.3 s. The template itself is built from
 * scratch each run, so a migration that fails fails the run; the migrations test still starts from
 * an empty database (createTestDatabase({ migrated: false })).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    // helpers.ts loads the whole app (~1.6 s): only this branch needs it.
    const { adminQuery } = await import('./helpers.ts');
    const name = `tpl_${Date.now().toString(36)}_${process.pid}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('testDatabaseTemplate', { kind: 'postgres', name });
    return async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  // Shared memory when there is some (Linux): the copies are written and read like memory.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const root = mkdtempSync(path.join(base, 'fourfour-test-template-'));
  const dir = path.join(root, 'db');
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('testDatabaseTemplate', { kind: 'pglite', dir });
  return () => rmSync(root, { recursive: true, force: true });
}
