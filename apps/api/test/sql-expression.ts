import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client.ts';

const dialect = new PgDialect();

/** Evaluates one SQL expression (a rule's SQL form) in the real database, with its parameters. */
export async function evaluateSql<T>(database: Database, expression: SQL): Promise<T> {
  const query = dialect.sqlToQuery(sql`SELECT ${expression} AS v`);
  const { rows } = await database.raw.query<{ v: T }>(query.sql, query.params);
  return rows[0]!.v;
}

/** An instant as a timestamptz parameter (null stays NULL). */
export const instant = (ms: number | null): SQL => sql`${ms === null ? null : new Date(ms).toISOString()}::timestamptz`;
