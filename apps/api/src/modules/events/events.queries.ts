import { and, asc, eq, getTableColumns, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events, reservations, tickets } from '../../db/schema/index.ts';

/**
 * Holds whose time ran out but that the tickets module has not swept yet (status still HELD):
 * they no longer take stock, so the list adds them back. One indexed aggregate per query.
 */
function expiredHolds(db: DbOrTx) {
  return db
    .select({
      eventId: reservations.eventId,
      standard: sql<number>`coalesce(sum(${reservations.standardQty}), 0)::int`.as('expired_standard'),
      vip: sql<number>`coalesce(sum(${reservations.vipQty}), 0)::int`.as('expired_vip'),
    })
    .from(reservations)
    .where(and(eq(reservations.status, 'HELD'), lte(reservations.expiresAt, sql`now()`)))
    .groupBy(reservations.eventId)
    .as('expired_holds');
}

function selectEventsWithStock(db: DbOrTx) {
  const expired = expiredHolds(db);
  return db
    .select({
      ...getTableColumns(events),
      expiredHeldStandard: sql<number>`coalesce(${expired.standard}, 0)`,
      expiredHeldVip: sql<number>`coalesce(${expired.vip}, 0)`,
    })
    .from(events)
    .leftJoin(expired, eq(expired.eventId, events.id));
}

export type EventRow = typeof events.$inferSelect;
export type EventRowWithStock = EventRow & { expiredHeldStandard: number; expiredHeldVip: number };

/** The fans' list: not cancelled, not started; by start, undated last. */
export function listUpcomingEventRows(db: DbOrTx): Promise<EventRowWithStock[]> {
  return selectEventsWithStock(db)
    .where(and(eq(events.cancelled, false), or(isNull(events.startsAt), gt(events.startsAt, sql`now()`))))
    .orderBy(sql`${events.startsAt} asc nulls last`, asc(events.id));
}

/** Manage Events: every event, past and cancelled included. */
export function listAllEventRows(db: DbOrTx): Promise<EventRowWithStock[]> {
  return selectEventsWithStock(db).orderBy(sql`${events.startsAt} asc nulls last`, asc(events.id));
}

export async function findEventRowWithStock(db: DbOrTx, id: number): Promise<EventRowWithStock | undefined> {
  const [row] = await selectEventsWithStock(db).where(eq(events.id, id));
  return row;
}

/** The row locked for the rest of the transaction (writes against reservations racing in). */
export async function lockEventRow(tx: DbOrTx, id: number): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  return row;
}

/** Sales from the ticket rows themselves; void (refunded) tickets do not count. */
export async function selectEventStats(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      standard: sql<number>`count(*) filter (where ${tickets.ticketType} = 'STANDARD')::int`,
      vip: sql<number>`count(*) filter (where ${tickets.ticketType} = 'VIP')::int`,
      revenuePence: sql<number>`coalesce(sum(${tickets.pricePaidPence}), 0)::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), ne(tickets.status, 'VOID')));
  return row ?? { total: 0, standard: 0, vip: 0, revenuePence: 0 };
}

/** Event id → how many live tickets this user holds for it. */
export async function selectTicketsPerEvent(db: DbOrTx, userId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ eventId: tickets.eventId, count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), ne(tickets.status, 'VOID')))
    .groupBy(tickets.eventId);
  return Object.fromEntries(rows.map((r) => [String(r.eventId), r.count]));
}
