import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Whether the plan of `text` starts parallel workers. */
const parallel = async (query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>, text: string) => {
  const { rows } = await query(`EXPLAIN (FORMAT JSON) ${text}`);
  return JSON.stringify(rows).includes('Gather');
};

describe.runIf(process.env.DATABASE_URL)('the app’s PostgreSQL connections (issue 19)', () => {
  it('start no parallel workers and compile no JIT, on every connection of the pool', async () => {
    const pool = database.pool!;
    await pool.query(`
      CREATE TABLE parallel_probe AS SELECT g AS id, md5(g::text) AS v FROM generate_series(1, 300000) g;
      ANALYZE parallel_probe`);
    const count = 'SELECT count(*) FROM parallel_probe WHERE v LIKE $$a%$$';
    // The server's own defaults would: a plain connection plans the count with workers.
    const plain = new pg.Client({ connectionString: pool.options.connectionString });
    await plain.connect();
    try {
      expect(await parallel((text) => plain.query(text), count)).toBe(true);
    } finally {
      await plain.end();
    }
    // Five connections held at once: each one the pool opened is set up before its first statement.
    const clients = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
    try {
      for (const client of clients) {
        expect(await parallel((text) => client.query(text), count)).toBe(false);
        const { rows } = await client.query('SELECT current_setting($1) AS jit', ['jit']);
        expect(rows[0].jit).toBe('off');
      }
    } finally {
      for (const client of clients) client.release();
    }
  });
});
