import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';

/**
 * Rows of a table read so far in this transaction: by sequential scans (the table counts those)
 * and through its indexes (each index counts the rows it fetched). The database's own counters, so
 * a test of a plan asserts the work done, not the time taken. Both engines keep them.
 */
export async function rowsRead(tx: Pick<DbOrTx, 'execute'>, table: string): Promise<number> {
  const result = (await tx.execute(sql`
    SELECT (pg_stat_get_xact_tuples_returned(${table}::regclass)
      + (SELECT coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0) FROM pg_index
         WHERE indrelid = ${table}::regclass))::text AS n`)) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]!.n);
}
