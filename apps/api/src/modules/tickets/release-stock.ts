import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/*
 * The stock of ticket releases (issue 20) besides the hold statement, which takes it. A held
 * ticket names its release in the reservation's items (`releaseId`), an issued one in
 * tickets.release_id; these statements move the release's counters as the event's counters move,
 * always after the event's row is locked (the hold statement takes it first too), so releases of
 * one event are only ever changed under their event's lock and two transactions never wait on each
 * other's release rows.
 */

/**
 * An UPDATE for a statement's CTE list: the held reservations matching `condition` end with
 * `status` (EXPIRED, CANCELLED), answering their event, quantities and items. They are taken first
 * (FOR UPDATE) in the order of their ids, whatever index finds them, then updated through their
 * primary key: statements that release many holds at once (an event's sweep, the hourly sweep, an
 * event's cancellation) took them in their plans' orders and each waited for a row another had
 * taken (a deadlock, seen in CI). A hold another statement released meanwhile no longer matches
 * `status = 'HELD'` once its lock is let go, and is left alone.
 */
export const releaseHeldInIdOrder = (condition: SQL, status: 'EXPIRED' | 'CANCELLED') => sql`
  UPDATE reservations SET status = ${status}, released_at = now()
  WHERE id = ANY (ARRAY(SELECT id FROM reservations WHERE status = 'HELD' AND ${condition} ORDER BY id FOR UPDATE))
    AND status = 'HELD'
  RETURNING event_id, standard_qty, vip_qty, items`;

/**
 * Per release, how many of the items of the reservations in `source` it held: `source` is a query
 * (or a CTE's name) with an `items` column.
 */
export const itemsPerRelease = (source: SQL) => sql`
  SELECT (i->>'releaseId')::bigint AS id, i->>'ticketType' AS ticket_type, count(*)::int AS n
  FROM ${source} AS src, jsonb_array_elements(src.items) AS i
  WHERE i->>'releaseId' IS NOT NULL
  GROUP BY 1, 2`;

/**
 * An UPDATE for a statement's CTE list: the holds of the reservations in `source` leave their
 * releases' `held`, once `after` (the CTE that updated the events' rows) has run.
 */
export const releaseHeldSql = (source: SQL, after: SQL) => sql`
  UPDATE ticket_releases t SET held = t.held - x.n
  FROM (${itemsPerRelease(source)}) AS x
  WHERE t.id = x.id AND EXISTS (SELECT 1 FROM ${after})
  RETURNING t.id`;

const reservationItems = (reservationId: string) => sql`(SELECT items FROM reservations WHERE id = ${reservationId})`;

/** A held reservation was paid in time: its releases' holds become sales (after the event's UPDATE). */
export async function sellHeldReleases(tx: DbOrTx, reservationId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ticket_releases t SET held = t.held - x.n, sold = t.sold + x.n
    FROM (${itemsPerRelease(reservationItems(reservationId))}) AS x
    WHERE t.id = x.id`);
}

/**
 * A lapsed reservation paid late takes its releases' stock again if every release still has it
 * and still sells the ticket's type (once its holds lapsed, an admin may have changed it); after
 * the event's conditional UPDATE. Answers false, changing nothing, when one has not.
 */
export async function retakeReleases(tx: DbOrTx, reservationId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    WITH x AS (${itemsPerRelease(reservationItems(reservationId))}),
    fits AS (
      SELECT count(*) = (SELECT count(*) FROM x) AS ok FROM x JOIN ticket_releases t ON t.id = x.id
      WHERE t.sold + t.held + x.n <= t.quantity AND t.ticket_type::text = x.ticket_type
    )
    UPDATE ticket_releases t SET sold = t.sold + x.n
    FROM x WHERE t.id = x.id AND (SELECT ok FROM fits)
    RETURNING t.id`);
  const taken = (result as unknown as { rows: unknown[] }).rows.length;
  const wanted = await tx.execute(
    sql`SELECT count(*)::int AS n FROM (${itemsPerRelease(reservationItems(reservationId))}) AS x`,
  );
  return taken === (wanted as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** Voided tickets give their releases' sales back (after the event's UPDATE): their release ids, one per ticket. */
export async function returnSoldToReleases(tx: DbOrTx, releaseIds: readonly (number | null)[]): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of releaseIds) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  if (counts.size === 0) return;
  const rows = [...counts].map(([id, n]) => ({ id, n }));
  await tx.execute(sql`
    UPDATE ticket_releases t SET sold = t.sold - x.n
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id bigint, n int)
    WHERE t.id = x.id`);
}
