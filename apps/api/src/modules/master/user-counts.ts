import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../affiliates/index.ts';

/**
 * Accounts per role without counting the users table (issue 19): a trigger on users appends
 * +1/-1 rows to user_role_counts in the transaction that changes an account (migration 0016); the
 * job below builds the table once from the users and then folds its rows into one per role. A
 * reader sums the rows, so it is exact whenever the job last ran. Deleted accounts are counted
 * under DELETED_BUCKET, whatever their role: the master's user list totals them with the rest.
 */

const DELETED_BUCKET = '(deleted)';

const COUNT_LOCK = sql`pg_advisory_xact_lock(hashtext('fourfour.user-role-counts'))`;

/** Accounts (not deleted) per role, or null while the table is not built (count the users then). */
export async function countedUsersByRole(db: DbOrTx): Promise<{ role: string; n: number }[] | null> {
  const result = await db.execute(sql`
    SELECT c.role, sum(c.users)::int AS n, bool_or(s.id IS NOT NULL) AS built
    FROM user_role_counts_state s LEFT JOIN user_role_counts c ON TRUE
    GROUP BY c.role`);
  const rows = rowsOf<{ role: string | null; n: number; built: boolean }>(result);
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.role !== null && r.role !== DELETED_BUCKET)
    .map((r) => ({ role: r.role!, n: Number(r.n) }));
}

/** Every account, deleted ones included (the master's unfiltered user list), or null while not built. */
export async function countedAccounts(db: DbOrTx): Promise<number | null> {
  const result = await db.execute(sql`
    SELECT coalesce((SELECT sum(users) FROM user_role_counts), 0)::int AS n FROM user_role_counts_state`);
  const [row] = rowsOf<{ n: number }>(result);
  return row ? Number(row.n) : null;
}

/**
 * The job (every minute): build the counts from the users in one REPEATABLE READ snapshot (the
 * appended rows it deletes are exactly those its count already includes), or fold the rows.
 */
export async function rollUpUserCounts(db: DbOrTx): Promise<'built' | 'folded'> {
  const built = rowsOf(await db.execute(sql`SELECT 1 FROM user_role_counts_state`)).length > 0;
  if (!built) {
    await db.transaction(
      async (tx) => {
        await tx.execute(sql`SELECT ${COUNT_LOCK}`);
        await tx.execute(sql`DELETE FROM user_role_counts`);
        await tx.execute(sql`
          INSERT INTO user_role_counts (role, users)
          SELECT CASE WHEN deleted THEN ${DELETED_BUCKET} ELSE role::text END, count(*) FROM users GROUP BY 1`);
        await tx.execute(sql`INSERT INTO user_role_counts_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
      },
      { isolationLevel: 'repeatable read' },
    );
    return 'built';
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${COUNT_LOCK}`);
    await tx.execute(sql`
      WITH moved AS (DELETE FROM user_role_counts RETURNING role, users)
      INSERT INTO user_role_counts (role, users) SELECT role, sum(users) FROM moved GROUP BY role`);
  });
  return 'folded';
}
