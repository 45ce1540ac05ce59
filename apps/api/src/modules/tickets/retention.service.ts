import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Retention (DESIGN.md): when an account is deleted, the attendee names and birth dates on its
 * tickets are kept until the event has passed (the door still needs them), then purged. An event
 * with no end time counts as over a day after its start. Answers how many tickets were purged.
 */
export async function purgeAttendeeDataOfDeletedAccounts(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    UPDATE tickets t SET first_name = NULL, last_name = NULL, date_of_birth = NULL
    FROM events e, users u
    WHERE t.event_id = e.id AND t.user_id = u.id AND u.deleted
      AND coalesce(e.ends_at, e.starts_at + interval '1 day') < now()
      AND (t.first_name IS NOT NULL OR t.last_name IS NOT NULL OR t.date_of_birth IS NOT NULL)
    RETURNING t.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
