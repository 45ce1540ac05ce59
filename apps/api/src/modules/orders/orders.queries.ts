import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_TICKETS_PER_ORDER } from '@fourfour/shared/constants';
import { ORDER_COUNT_CAP, ORDER_SEARCH_COUNT_CAP, orderCountCap, referenceRange } from '@fourfour/shared/orders';
import type { DbOrTx } from '../../db/client.ts';
import { events, orders, tickets, users } from '../../db/schema/index.ts';
import { type DynamicSelect, defineList, keysetPage, type SortKey } from '../../lib/paging.ts';

/**
 * The back office's reads (issue 21): the order list, one order, its history's sources, and an
 * event's attendees. Searches fold case and accents with ff_fold and match the names folded and
 * stored by migration 0020 (tickets.attendee_folded, users.identity_folded), through their trigram
 * indexes or row by row, never folding a row's names again.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** The attendee's folded name, on the table named `t`. */
const ATTENDEE_FOLD = sql.raw(`t.attendee_folded`);
/** The buyer's folded email and username, on the table named `u`. */
const IDENTITY_FOLD = sql.raw(`u.identity_folded`);

/** `'%' || ff_fold(text) || '%'`, the text's own `%`, `_` and `\` matching themselves. */
function foldedPattern(text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`('%' || ff_fold(${escaped}) || '%')`;
}

/**
 * The arms of a search, each a subquery of order ids (`id`): a reference prefix (a range of the
 * primary key), the buyer's email or username, or an attendee's name. One arm per index, so each is
 * a bitmap or range scan, never a pass over every order. Within one event, each arm keeps to that
 * event, so a common name reads the event's tickets (tickets_event_idx), not every match in the
 * database. `perOrder`: how many of an arm's rows one order can give (its tickets, at most).
 */
function searchArms(q: string, eventId: number | undefined): { sql: SQL; perOrder: number }[] {
  const pattern = foldedPattern(q);
  const inEvent = (column: string) => (eventId === undefined ? sql`` : sql` AND ${sql.raw(column)} = ${eventId}`);
  const arms = [
    // The buyers first, then each one's orders by orders_user_idx (a lateral lookup fenced with
    // OFFSET 0: a plain join is planned as a hash join over every order, issue 19), so a LIMIT on
    // the arm stops after the first buyers' orders.
    {
      sql: sql`SELECT o2.id FROM users u CROSS JOIN LATERAL (SELECT o2.id FROM orders o2 WHERE o2.user_id = u.id${inEvent('o2.event_id')} OFFSET 0) o2 WHERE ${IDENTITY_FOLD} LIKE ${pattern}`,
      perOrder: 1,
    },
    {
      sql: sql`SELECT t.order_id AS id FROM tickets t WHERE ${ATTENDEE_FOLD} LIKE ${pattern} AND t.order_id IS NOT NULL${inEvent('t.event_id')}`,
      perOrder: MAX_TICKETS_PER_ORDER,
    },
  ];
  const range = referenceRange(q);
  if (range)
    arms.unshift({
      sql: sql`SELECT o2.id FROM orders o2 WHERE o2.id BETWEEN ${range.low}::uuid AND ${range.high}::uuid`,
      perOrder: 1,
    });
  return arms;
}

/** The ids of the orders a search finds, as one subquery (every match). */
function searchedOrderIds(q: string, eventId: number | undefined): SQL {
  return sql.join(
    searchArms(q, eventId).map((arm) => arm.sql),
    sql` UNION `,
  );
}

/**
 * The first `limit` matches among the next WALKED_ORDERS orders, newest first (the list's order):
 * each order is checked by key (its buyer, its tickets by tickets_order_idx), and the walk stops
 * at the page's last match. A common name fills the page within a few hundred orders; a rare one
 * finds too few and the list falls back to collecting every match (searchedOrderIds). `OFFSET 0`
 * keeps each check per order: without it the planner collects every match to hash them.
 */
const WALKED_ORDERS = 2000;
function walkedMatches(q: string, where: SQL | undefined, limit: number): SQL {
  const pattern = foldedPattern(q);
  const range = referenceRange(q);
  return sql`SELECT w.id FROM (
      SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at, ${orders.userId} AS user_id FROM ${orders}
      ${where ? sql`WHERE ${where}` : sql``}
      ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC LIMIT ${WALKED_ORDERS}
    ) w
    WHERE ${range ? sql`w.id BETWEEN ${range.low}::uuid AND ${range.high}::uuid OR ` : sql``}
      EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id AND ${IDENTITY_FOLD} LIKE ${pattern} OFFSET 0)
      OR EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = w.id AND ${ATTENDEE_FOLD} LIKE ${pattern} OFFSET 0)
    ORDER BY w.created_at DESC, w.id DESC LIMIT ${limit}`;
}

// ---------- the order list ----------

const affiliates = alias(users, 'affiliate');
const buyers = alias(users, 'buyer');

const ORDER_LIST = defineList({
  sort: { fields: ['createdAt'] as const, default: 'createdAt,DESC' },
  keys: { createdAt: { sql: sql`${orders.createdAt}`, type: 'timestamptz' } },
  tieBreaker: sql`${orders.id}`,
  tieBreakerType: 'uuid',
});

const orderColumns = {
  id: orders.id,
  status: orders.status,
  amountPence: orders.amountPence,
  refundedPence: orders.refundedPence,
  currency: orders.currency,
  provider: orders.provider,
  refundReason: orders.refundReason,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  refundedAt: orders.refundedAt,
  emailedAt: orders.emailedAt,
  buyerId: orders.userId,
  buyerUsername: buyers.username,
  buyerEmail: buyers.email,
  eventId: events.id,
  eventTitle: events.title,
  eventStartsAt: events.startsAt,
  attendeeChangesAllowed: events.attendeeChangesAllowed,
  affiliateCode: affiliates.affiliateCode,
};

function selectOrders(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({ ...orderColumns, ...extra })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(affiliates, eq(affiliates.id, orders.affiliateId))
    .$dynamic();
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/**
 * The list's count, stopped at ORDER_COUNT_CAP rows: `SELECT count(*) FROM (SELECT 1 FROM orders
 * WHERE ... LIMIT cap)`, so a page of all 800,000 orders (or of a search matching most of them)
 * does not count them all.
 */
function cappedOrderCount(db: DbOrTx) {
  return (n: SQL<number>) =>
    ({
      where: (where: SQL | undefined) =>
        db.select({ n }).from(db.select({ one: sql`1` }).from(orders).where(where).limit(ORDER_COUNT_CAP).as('capped')),
    }) as unknown as DynamicSelect<{ n: number }>;
}

/**
 * A search's count when nothing else filters, up to ORDER_SEARCH_COUNT_CAP: each arm reads at most
 * as many rows as prove the cap on their own (the cap's worth of orders; of tickets, the cap times
 * the most one order can hold), so a common name stops early instead of reading every match. When
 * an arm fills up there are at least that many orders, and the answer is the cap; otherwise every
 * match was read and the count of their distinct orders is exact. The ids are orders' ids already,
 * so the orders are not read again. The arms are read in turn and only until one fills up (a CTE
 * runs when first read, and CASE asks in order): "smith" fills the buyers' arm after 24 buyers,
 * and the 20,000 tickets of its attendee arm are never looked up.
 */
function cappedSearchCount(db: DbOrTx, q: string) {
  const arms = searchArms(q, undefined).map((arm, i) => ({
    name: sql.raw(`arm${i}`),
    sql: arm.sql,
    limit: ORDER_SEARCH_COUNT_CAP * arm.perOrder,
  }));
  const statement = sql`
    WITH ${sql.join(
      arms.map((a) => sql`${a.name} AS MATERIALIZED (${a.sql} LIMIT ${a.limit})`),
      sql`, `,
    )}
    SELECT CASE ${sql.join(
      arms.map((a) => sql`WHEN (SELECT count(*) FROM ${a.name}) >= ${a.limit} THEN NULL`),
      sql` `,
    )}
      ELSE (SELECT count(*) FROM (${sql.join(
        arms.map((a) => sql`SELECT id FROM ${a.name}`),
        sql` UNION `,
      )}) found) END::int AS n`;
  return () =>
    ({
      where: () =>
        db.execute(statement).then((result) => {
          // NULL: an arm filled up, so at least the cap.
          const [row] = rowsOf<{ n: number | null }>(result);
          const n = row?.n == null ? ORDER_SEARCH_COUNT_CAP : Math.min(Number(row.n), ORDER_SEARCH_COUNT_CAP);
          return [{ n }];
        }),
    }) as unknown as DynamicSelect<{ n: number }>;
}

export interface OrderListFilter {
  eventId?: number;
  status?: string;
  q?: string;
}

/** Newest first, a page at a time (keyset on created_at, id: orders_created_idx / orders_event_created_idx). */
export function pageOrderRows<T>(
  db: DbOrTx,
  query: OrderListFilter & { size: number; cursor?: string },
  map: (row: OrderRow) => T,
) {
  const q = query.q?.trim();
  const searchIds = q ? searchedOrderIds(q, query.eventId) : undefined;
  const where = and(
    query.eventId === undefined ? undefined : eq(orders.eventId, query.eventId),
    query.status === undefined ? undefined : eq(orders.status, query.status),
    // The ids as an array, computed once: the list then reads its orders by primary key, where
    // `IN (subquery)` was planned as a hash semi-join over every order (issue 19).
    searchIds ? sql`${orders.id} = ANY(ARRAY(${searchIds}))` : undefined,
  );
  const filters = and(
    query.eventId === undefined ? undefined : eq(orders.eventId, query.eventId),
    query.status === undefined ? undefined : eq(orders.status, query.status),
  );
  return keysetPage(
    ORDER_LIST,
    {
      rows: (extra) => selectOrders(db, extra) as never,
      firstRows: q
        ? (extra, after, order, limit) =>
            selectOrders(db, extra)
              .where(sql`${orders.id} IN (${walkedMatches(q, and(filters, after), limit)})`)
              .orderBy(...order) as never
        : undefined,
      keys: (key) => db.select({ key }).from(orders).$dynamic() as never,
      count: q && orderCountCap(query) === ORDER_SEARCH_COUNT_CAP ? cappedSearchCount(db, q) : cappedOrderCount(db),
      where,
    },
    { size: query.size, cursor: query.cursor },
    map,
  );
}

export async function findOrderRow(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  return row;
}

const ticketColumns = {
  id: tickets.id,
  orderId: tickets.orderId,
  ticketType: tickets.ticketType,
  firstName: tickets.firstName,
  lastName: tickets.lastName,
  dateOfBirth: tickets.dateOfBirth,
  status: tickets.status,
  pricePaidPence: tickets.pricePaidPence,
  isFree: tickets.isFree,
  usedAt: tickets.usedAt,
  usedDevice: tickets.usedDevice,
};
export type OrderTicketRow = Awaited<ReturnType<typeof selectOrderTickets>>[number];

/**
 * The tickets of these orders, in one query (a page's orders: no query per order), by issue time,
 * then type and attendee (an order's tickets are issued together).
 */
export function selectOrderTickets(db: DbOrTx, orderIds: readonly string[]) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .where(inArray(tickets.orderId, orderIds.length ? [...orderIds] : ['00000000-0000-0000-0000-000000000000']))
    .orderBy(
      tickets.createdAt,
      tickets.ticketType,
      sql`ff_fold(${tickets.lastName})`,
      sql`ff_fold(${tickets.firstName})`,
      tickets.id,
    );
}

// ---------- the order's history ----------

type Instant = Date | string;

export interface ScanRow {
  at: Instant;
  ticket_id: string;
  result: string;
  device: string | null;
  device_name: string | null;
  actor_id: number | string | null;
  actor_username: string | null;
}

/** Every scan of the order's tickets (the event's scan log, by its index), with the phone's name and the scanner. */
export async function selectOrderScans(db: DbOrTx, eventId: number, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return [];
  const ids = sql.join(
    ticketIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return rowsOf<ScanRow>(
    await db.execute(sql`
      SELECT s.created_at AS at, s.ticket_id, s.result, s.device, d.name AS device_name,
        s.scanner_id AS actor_id, u.username AS actor_username
      FROM ticket_scans s
      LEFT JOIN scan_devices d ON d.id = s.device
      LEFT JOIN users u ON u.id = s.scanner_id
      WHERE s.event_id = ${eventId} AND s.ticket_id IN (${ids})
      ORDER BY s.created_at, s.id`),
  );
}

export interface AuditRow {
  at: Instant;
  action: string;
  entity_id: string | null;
  details: Record<string, unknown> | null;
  actor_id: number | string | null;
  actor_username: string | null;
}

/** The audit log's entries about the order or its tickets (resends, name changes). */
export async function selectOrderAudit(db: DbOrTx, orderId: string, ticketIds: readonly string[]) {
  const entities = [
    sql`(a.entity_type = 'order' AND a.entity_id = ${orderId})`,
    ...(ticketIds.length
      ? [
          sql`(a.entity_type = 'ticket' AND a.entity_id IN (${sql.join(
            ticketIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
        ]
      : []),
  ];
  return rowsOf<AuditRow>(
    await db.execute(sql`
      SELECT a.created_at AS at, a.action, a.entity_id, a.details, a.actor_id, u.username AS actor_username
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE ${sql.join(entities, sql` OR `)}
      ORDER BY a.created_at, a.id`),
  );
}

export interface RefundRow {
  at: Instant;
  ticket_ids: string[];
  amount_pence: number;
  reason: string;
  status: string;
  actor_id: number | string | null;
  actor_username: string | null;
}

export async function selectOrderRefunds(db: DbOrTx, orderId: string) {
  return rowsOf<RefundRow>(
    await db.execute(sql`
      SELECT r.created_at AS at, r.ticket_ids, r.amount_pence, r.reason, r.status,
        r.requested_by AS actor_id, u.username AS actor_username
      FROM order_refunds r LEFT JOIN users u ON u.id = r.requested_by
      WHERE r.order_id = ${orderId}::uuid
      ORDER BY r.created_at, r.id`),
  );
}

export interface MessageRow {
  at: Instant;
  sent: boolean;
  subject: string;
  actor_id: number | string | null;
  actor_username: string | null;
}

/** The event's messages that went (or are going) to the buyer's account. */
export async function selectBuyerMessages(db: DbOrTx, eventId: number, buyerId: number) {
  return rowsOf<MessageRow>(
    await db.execute(sql`
      SELECT coalesce(r.sent_at, m.created_at) AS at, r.sent_at IS NOT NULL AS sent, m.subject,
        m.created_by AS actor_id, u.username AS actor_username
      FROM event_message_recipients r
      JOIN event_messages m ON m.id = r.message_id
      LEFT JOIN users u ON u.id = m.created_by
      WHERE r.user_id = ${buyerId} AND m.event_id = ${eventId}
      ORDER BY m.created_at, m.id`),
  );
}

// ---------- attendees ----------

/**
 * Last name, then first name, folded, nulls last (a purged attendee), spelt as keys that are never
 * null: `(last_name IS NULL, coalesce(ff_fold(last_name), ''), ...)` sorts exactly as
 * `ff_fold(last_name) ASC NULLS LAST, ...`, and lets the cursor be one row comparison that seeks
 * into tickets_event_attendee_seek_idx (issue 19) instead of an OR that reads the event from the
 * start.
 */
export const ATTENDEE_NAME_KEYS = [
  { sql: sql`(${tickets.lastName} IS NULL)`, type: 'boolean' },
  { sql: sql`coalesce(ff_fold(${tickets.lastName}), '')`, type: 'text' },
  { sql: sql`(${tickets.firstName} IS NULL)`, type: 'boolean' },
  { sql: sql`coalesce(ff_fold(${tickets.firstName}), '')`, type: 'text' },
] as const satisfies readonly SortKey[];

const ATTENDEE_LIST = defineList({
  sort: { fields: ['name'] as const, default: 'name,ASC' },
  keys: { name: ATTENDEE_NAME_KEYS },
  tieBreaker: sql`${tickets.id}`,
  tieBreakerType: 'uuid',
});

function selectAttendees(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ticketId: tickets.id,
      firstName: tickets.firstName,
      lastName: tickets.lastName,
      ticketType: tickets.ticketType,
      status: tickets.status,
      usedAt: tickets.usedAt,
      orderId: tickets.orderId,
      buyerUsername: users.username,
      ...extra,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .$dynamic();
}
export type AttendeeRow = Awaited<ReturnType<ReturnType<typeof selectAttendees>['execute']>>[number];

/**
 * An event's tickets by attendee (last name, then first name, folded), a page at a time. `q`
 * matches the attendee's name or the order's reference; the event's index narrows it first.
 */
export function pageAttendeeRows<T>(
  db: DbOrTx,
  query: { eventId: number; size: number; cursor?: string; q?: string },
  map: (row: AttendeeRow) => T,
) {
  const q = query.q?.trim();
  const range = q ? referenceRange(q) : null;
  const search = q
    ? sql`(${tickets.attendeeFolded} LIKE ${foldedPattern(q)}${
        range ? sql` OR ${tickets.orderId} BETWEEN ${range.low}::uuid AND ${range.high}::uuid` : sql``
      })`
    : undefined;
  return keysetPage(
    ATTENDEE_LIST,
    {
      rows: (extra) => selectAttendees(db, extra) as never,
      count: (n) => db.select({ n }).from(tickets).$dynamic(),
      where: and(eq(tickets.eventId, query.eventId), search),
    },
    { size: query.size, cursor: query.cursor },
    map,
  );
}

export async function findEventHeading(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({ id: events.id, title: events.title, startsAt: events.startsAt })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}
