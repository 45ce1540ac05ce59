import { and, asc, eq, getTableColumns, gt, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_EVENT_SORT } from '@fourfour/shared/events';
import type { DbOrTx } from '../../db/client.ts';
import { events, reservations, tickets } from '../../db/schema/index.ts';
import { defineList, keysetPage } from '../../lib/paging.ts';
import type { ReleaseRow } from './events.view.ts';

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

/**
 * The event's releases (issue 20) as one JSON column, read only for an event that has some; the
 * dates come back as text and are made Dates by `withReleaseDates`. As for the event's own stock,
 * holds whose time is up but not yet swept no longer count as held.
 */
const releaseRowsSql = sql<ReleaseJson[]>`CASE WHEN ${events.hasReleases} THEN (
  SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', r.id, 'ticketType', r.ticket_type, 'position', r.position, 'name', r.name, 'pricePence', r.price_pence,
    'quantity', r.quantity, 'sold', r.sold, 'salesStart', r.sales_start, 'salesEnd', r.sales_end,
    'held', r.held - (
      SELECT count(*)::int FROM reservations h, jsonb_array_elements(h.items) AS i
      WHERE h.event_id = r.event_id AND h.status = 'HELD' AND h.expires_at <= now() AND (i->>'releaseId')::bigint = r.id
    ),
    'unlockCode', r.unlock_code, 'membersOnlyTier', r.members_only_tier
  ) ORDER BY r.ticket_type, r.position, r.id), '[]'::jsonb)
  FROM ticket_releases r WHERE r.event_id = ${events.id}
) ELSE '[]'::jsonb END`;

type ReleaseJson = Omit<ReleaseRow, 'salesStart' | 'salesEnd'> & { salesStart: string | null; salesEnd: string | null };

function selectEventsWithStock<X extends Record<string, SQL>>(db: DbOrTx, extra = {} as X) {
  const expired = expiredHolds(db);
  return db
    .select({
      ...getTableColumns(events),
      expiredHeldStandard: sql<number>`coalesce(${expired.standard}, 0)`,
      expiredHeldVip: sql<number>`coalesce(${expired.vip}, 0)`,
      releaseJson: releaseRowsSql,
      ...extra,
    })
    .from(events)
    .leftJoin(expired, eq(expired.eventId, events.id))
    .$dynamic();
}

export type EventRow = typeof events.$inferSelect;
export type EventRowWithStock = EventRow & {
  expiredHeldStandard: number;
  expiredHeldVip: number;
  releaseRows: ReleaseRow[];
};

/** A selected row with its releases' JSON made ReleaseRows (dates as Dates). */
function withReleaseDates<T extends { releaseJson: ReleaseJson[] }>(row: T): T & { releaseRows: ReleaseRow[] } {
  const at = (value: string | null) => (value === null ? null : new Date(value));
  const releaseRows = row.releaseJson.map((r) => ({ ...r, salesStart: at(r.salesStart), salesEnd: at(r.salesEnd) }));
  return Object.assign(row, { releaseRows });
}

/** The fans' list: not cancelled, not started; by start, undated last. */
export async function listUpcomingEventRows(db: DbOrTx): Promise<EventRowWithStock[]> {
  const rows = await selectEventsWithStock(db)
    .where(and(eq(events.cancelled, false), or(isNull(events.startsAt), gt(events.startsAt, sql`now()`))))
    .orderBy(sql`${events.startsAt} asc nulls last`, asc(events.id));
  return rows.map(withReleaseDates);
}

/** Past (started) or cancelled: the second part of Manage Events. An undated event is never past. */
const doneSql = sql`(${events.cancelled} OR coalesce(${events.startsAt} < now(), false))`;
const startEpoch = sql`extract(epoch FROM ${events.startsAt})`;

const ADMIN_EVENT_LIST = defineList({
  sort: ADMIN_EVENT_SORT,
  keys: {
    // Upcoming and drafts soonest first (undated last), then past and cancelled latest first
    // (undated first): one numeric key, the start negated in the second part.
    relevance: [
      { sql: doneSql, type: 'boolean' },
      {
        sql: sql`CASE WHEN ${doneSql} THEN -coalesce(${startEpoch}, 'Infinity'::numeric) ELSE ${startEpoch} END`,
        type: 'numeric',
        nullable: true,
      },
    ],
    startsAt: { sql: sql`${events.startsAt}`, type: 'timestamptz', nullable: true },
    title: { sql: sql`lower(${events.title})`, type: 'text' },
    id: { sql: sql`${events.id}`, type: 'bigint' },
  },
  tieBreaker: sql`${events.id}`,
  search: { columns: [sql`${events.title}`, sql`${events.location}`] },
});

/** Manage Events: every event, past and cancelled included, a page at a time (by cursor). */
export function pageAdminEventRows<T>(
  db: DbOrTx,
  query: { size: number; cursor?: string; sort?: string; q?: string },
  map: (row: EventRowWithStock) => T,
) {
  return keysetPage(
    ADMIN_EVENT_LIST,
    {
      rows: (extra) => selectEventsWithStock(db, extra),
      count: (n) => db.select({ n }).from(events).$dynamic(),
    },
    { size: query.size, cursor: query.cursor, sort: query.sort, search: query.q },
    (row) => map(withReleaseDates(row)),
  );
}

export async function findEventRowWithStock(db: DbOrTx, id: number): Promise<EventRowWithStock | undefined> {
  const [row] = await selectEventsWithStock(db).where(eq(events.id, id));
  return row && withReleaseDates(row);
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
