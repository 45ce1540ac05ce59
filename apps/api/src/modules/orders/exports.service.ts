import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import type { ExportKind } from '@fourfour/shared/order-exports';
import { orderReference } from '@fourfour/shared/orders';
import { doorCodeOf } from '@fourfour/shared/scan';
import { events, tickets, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { localToInstant } from '../../lib/time.ts';
import { getCommissionThisMonth, rowsOf } from '../affiliates/index.ts';
import type { Freshness } from '../../lib/shared-download.ts';
import { type CsvColumn, csvStream, fileSlug, type NextBatch } from './csv-export.ts';
import { ATTENDEE_NAME_KEYS } from './orders.queries.ts';

/** Rows per database round trip (each statement is planned afresh, ~1 ms): under a megabyte held at a time. */
const BATCH = 2000;
/**
 * Orders per round trip of the orders export: at most MAX_TICKETS_PER_ORDER (10) rows each, ~2.4 on
 * average. 1,000 rather than 500: each statement is planned afresh (~1.7 ms) and sorts its page.
 */
const ORDER_BATCH = 1000;

const pounds = (pence: number | string | null) => (pence == null ? null : (Number(pence) / 100).toFixed(2));
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
/** A timestamp as the promoter reads it: wall-clock time in APP_TIMEZONE, "2026-07-04 23:41:07". */
const localTime = (column: SQL, timezone: string) =>
  sql`to_char(${column} AT TIME ZONE ${timezone}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * The version of this database's data now: the oldest transaction id (64-bit, xid8) that may still
 * write to it. A write the export could miss was made by a transaction running now in this
 * database, or by one not started yet, so its id is at least the smallest of those running here
 * (pg_stat_activity's backend_xid; a subtransaction's id is above its parent's) and of the next id
 * to be assigned (pg_current_snapshot's xmax). Not pg_snapshot_xmin: that counts transactions in
 * every database of the server, and one long transaction elsewhere (a backup, a report, CI's other
 * test files) made every export look changed. A transaction that ends between the snapshot and the
 * read of pg_stat_activity ended before the export reads anything, so the export sees its writes.
 * backend_xid is 32 bits: its distance below xmax (modulo 2^32; an id assigned after the snapshot
 * is above it and left out) gives its full 64-bit id.
 */
const DATA_VERSION = sql`
  SELECT (s.xmax - coalesce(max(running.gap), 0))::text AS version
  FROM (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS xmax) s
  LEFT JOIN LATERAL (
    SELECT ((s.xmax % 4294967296) - a.backend_xid::text::bigint + 4294967296) % 4294967296 AS gap
    FROM pg_stat_activity a
    WHERE a.datname = current_database() AND a.backend_xid IS NOT NULL
  ) running ON running.gap BETWEEN 1 AND 2147483647
  GROUP BY s.xmax`;

/**
 * "Written at or after the version", for the two ways a row says who wrote it. Every row's `xmin`
 * is the transaction that wrote its current version (an insert or an update; nothing an export
 * reads is ever deleted). `age()` counts transactions back from now, across the ids' wraparound (a
 * frozen row is as old as can be), so "at or after" is an age no greater than the version's.
 * Accounts carry a change stamp of what the exports show of them (users.change_xid, indexed).
 */
interface Since {
  xmin: (row: SQL) => SQL;
  stamp: SQL;
}
const since = (version: string): Since => ({
  xmin: (row) => sql`age(${row}.xmin) <= age(${version}::xid8::xid)`,
  stamp: sql`${version}::xid8`,
});

/**
 * How an event's export tells whether what it reads has changed since it was made (a kept export,
 * csvStream): `changed` selects a row behind one of its lines written since the version
 * (DATA_VERSION, taken before the export reads anything), if there is one. It makes no text: on
 * the scale bench's busiest night, the orders are checked in ~9 ms under load (45 before the
 * stamp, CHANGED) and made in ~240.
 */
function freshness(app: FastifyInstance, changed: (since: Since) => SQL): Freshness {
  return {
    version: async () => rowsOf<{ version: string }>(await app.db.execute(DATA_VERSION))[0]!.version,
    changedSince: async (version) =>
      rowsOf<{ changed: boolean }>(
        await app.db.execute(
          // EXISTS, not min() over all: the aggregate's estimate crosses jit_above_cost, and a
          // backend's first JIT compilation costs ~200 ms (then ~20 ms each time).
          sql`SELECT EXISTS (${changed(since(version))}) AS changed`,
        ),
      )[0]!.changed,
  };
}

export interface CsvDownload {
  fileName: string;
  stream: Readable;
}

/** Keyset batches of `size` rows: the last row of a full batch is the next one's cursor. */
function batched<R>(app: FastifyInstance, size: number, query: (after: R | null) => SQL): NextBatch<R, R> {
  return async (after) => {
    const rows = rowsOf<R>(await app.db.execute(query(after)));
    return { rows, cursor: rows.length === size ? rows[rows.length - 1]! : null };
  };
}

// ---------- an event's orders: one row per ticket ----------

interface OrderKey {
  id: string;
  created_at: string;
}

interface OrderRow {
  order_id: string;
  ticket_id: string;
  order_status: string;
  email: string | null;
  username: string | null;
  ticket_type: string;
  first_name: string | null;
  last_name: string | null;
  ticket_status: string;
  price_paid_pence: number;
  is_free: boolean;
  paid_at: string | null;
  refunded_at: string | null;
  refunded: boolean;
  affiliate_code: string | null;
}

const ORDER_COLUMNS: CsvColumn<OrderRow>[] = [
  { header: 'Order reference', cell: (r) => orderReference(r.order_id) },
  { header: 'Order status', cell: (r) => r.order_status },
  { header: 'Buyer email', cell: (r) => r.email },
  { header: 'Buyer username', cell: (r) => r.username },
  { header: 'Ticket type', cell: (r) => r.ticket_type },
  { header: 'Attendee first name', cell: (r) => r.first_name },
  { header: 'Attendee last name', cell: (r) => r.last_name },
  { header: 'Ticket status', cell: (r) => r.ticket_status },
  { header: 'Price (GBP)', cell: (r) => pounds(r.price_paid_pence) },
  { header: 'Free ticket', cell: (r) => yesNo(r.is_free) },
  { header: 'Paid at', cell: (r) => r.paid_at },
  { header: 'Refunded', cell: (r) => yesNo(r.refunded) },
  { header: 'Refunded at', cell: (r) => r.refunded_at },
  { header: 'Affiliate code', cell: (r) => r.affiliate_code },
  { header: 'Order id', cell: (r) => r.order_id },
  { header: 'Ticket id', cell: (r) => r.ticket_id },
];

/**
 * Oldest order first, its tickets together: each batch is one statement, a page of the event's
 * orders by keyset along orders_event_created_idx joined to their tickets through tickets_order_idx,
 * so each batch costs the same however far into the event it is (two statements a batch, the second
 * naming 200 order ids, spent more time planning than running). A ticket counts as refunded when
 * it is void and its order was refunded in full (a cancelled event, the provider, a late payment)
 * or a back-office refund of it succeeded.
 */
function orderBatches(app: FastifyInstance, eventId: number, tz: string): NextBatch<OrderRow, OrderKey> {
  return async (after) => {
    const rows = rowsOf<OrderRow & { order_created_at: string }>(
      await app.db.execute(sql`
        WITH page AS (
          SELECT o.id, o.created_at, o.status, o.user_id, o.affiliate_id, o.paid_at, o.refunded_at FROM orders o
          WHERE o.event_id = ${eventId}
            ${after ? sql`AND (o.created_at, o.id) > (${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``}
          ORDER BY o.created_at, o.id
          LIMIT ${ORDER_BATCH})
        SELECT o.id::text AS order_id, o.created_at::text AS order_created_at, t.id::text AS ticket_id,
          o.status AS order_status, u.email, u.username, t.ticket_type::text AS ticket_type,
          t.first_name, t.last_name, t.status::text AS ticket_status, t.price_paid_pence, t.is_free,
          ${localTime(sql`o.paid_at`, tz)} AS paid_at,
          ${localTime(sql`CASE WHEN o.status = 'REFUNDED' THEN o.refunded_at ELSE pr.completed_at END`, tz)} AS refunded_at,
          (t.status = 'VOID' AND (o.status IN ('REFUNDED', 'REFUND_PENDING') OR pr.completed_at IS NOT NULL)) AS refunded,
          aff.affiliate_code
        FROM page o
        -- Each order's tickets by tickets_order_idx (OFFSET 0 keeps the lookup per order: on a small
        -- database the planner would rather hash the whole tickets table).
        CROSS JOIN LATERAL (SELECT * FROM tickets t WHERE t.order_id = o.id OFFSET 0) t
        JOIN users u ON u.id = o.user_id
        LEFT JOIN users aff ON aff.id = coalesce(t.affiliate_id, o.affiliate_id)
        -- A back-office refund only ever voids a ticket: the others skip the lookup (a one-time filter).
        LEFT JOIN LATERAL (
          SELECT max(r.completed_at) AS completed_at FROM order_refunds r
          WHERE t.status = 'VOID' AND r.order_id = o.id AND r.status = 'SUCCEEDED' AND r.ticket_ids ? t.id::text) pr ON true
        ORDER BY o.created_at, o.id, t.id`),
    );
    // The last row's order ends the page (its tickets are all in it); an empty page ends the export.
    const last = rows.at(-1);
    return { rows, cursor: last ? { id: last.order_id, created_at: last.order_created_at } : null };
  };
}

// ---------- an event's attendees, by name ----------

interface AttendeeRow {
  no_last: boolean;
  sort_last: string;
  no_first: boolean;
  sort_first: string;
  ticket_id: string;
  order_id: string;
  first_name: string | null;
  last_name: string | null;
  ticket_type: string;
  status: string;
  admitted_at: string | null;
}

const ATTENDEE_COLUMNS: CsvColumn<AttendeeRow>[] = [
  { header: 'Last name', cell: (r) => r.last_name },
  { header: 'First name', cell: (r) => r.first_name },
  { header: 'Ticket type', cell: (r) => r.ticket_type },
  { header: 'Status', cell: (r) => r.status },
  { header: 'Admitted at', cell: (r) => r.admitted_at },
  { header: 'Door code', cell: (r) => doorCodeOf(r.ticket_id) },
  { header: 'Order reference', cell: (r) => orderReference(r.order_id) },
];

/**
 * By last name then first name, folded (case and accents: Émile files under E), as a door list is
 * read, names left blank last: the attendee list's own keys (ATTENDEE_NAME_KEYS), so each batch is
 * a range of tickets_event_attendee_seek_idx read in order, with no sort.
 */
function attendeesQuery(eventId: number, tz: string) {
  const [noLast, sortLast, noFirst, sortFirst] = ATTENDEE_NAME_KEYS.map((key) => key.sql);
  const keys = sql`${noLast}, ${sortLast}, ${noFirst}, ${sortFirst}, ${tickets.id}`;
  return (after: AttendeeRow | null) => sql`
    SELECT ${noLast} AS no_last, ${sortLast} AS sort_last, ${noFirst} AS no_first, ${sortFirst} AS sort_first,
      ${tickets.id}::text AS ticket_id, ${tickets.orderId}::text AS order_id,
      ${tickets.firstName} AS first_name, ${tickets.lastName} AS last_name,
      ${tickets.ticketType}::text AS ticket_type, ${tickets.status}::text AS status,
      ${localTime(sql`${tickets.usedAt}`, tz)} AS admitted_at
    FROM ${tickets}
    WHERE ${tickets.eventId} = ${eventId}
      ${
        after
          ? sql`AND (${keys}) > (${after.no_last}, ${after.sort_last}, ${after.no_first}, ${after.sort_first}, ${after.ticket_id}::uuid)`
          : sql``
      }
    ORDER BY ${keys}
    LIMIT ${BATCH}`;
}

// ---------- an event's scans ----------

interface ScanRow {
  id: string;
  created_at: string;
  scanned_at: string;
  result: string;
  ticket_id: string | null;
  ticket_type: string | null;
  first_name: string | null;
  last_name: string | null;
  device: string | null;
  device_name: string | null;
  scanner: string | null;
}

const SCAN_COLUMNS: CsvColumn<ScanRow>[] = [
  { header: 'Scanned at', cell: (r) => r.scanned_at },
  { header: 'Result', cell: (r) => r.result },
  { header: 'Door code', cell: (r) => (r.ticket_id ? doorCodeOf(r.ticket_id) : null) },
  { header: 'Ticket type', cell: (r) => r.ticket_type },
  { header: 'Attendee', cell: (r) => [r.first_name, r.last_name].filter(Boolean).join(' ') || null },
  { header: 'Device', cell: (r) => r.device_name ?? r.device },
  { header: 'Scanner', cell: (r) => r.scanner },
  { header: 'Ticket id', cell: (r) => r.ticket_id },
];

/** Every scan attempt at the event's door, in the order they happened (ticket_scans_event_idx). */
function scansQuery(eventId: number, tz: string) {
  return (after: ScanRow | null) => sql`
    SELECT s.id::text AS id, s.created_at::text AS created_at, ${localTime(sql`s.created_at`, tz)} AS scanned_at,
      s.result, s.ticket_id::text AS ticket_id, t.ticket_type::text AS ticket_type, t.first_name, t.last_name,
      s.device, d.name AS device_name, u.username AS scanner
    FROM ticket_scans s
    -- Each scan's ticket by its key (OFFSET 0 keeps the lookup per scan: for a batch of 2,000 the
    -- planner would rather hash the whole tickets table, which the plan guard refuses).
    LEFT JOIN LATERAL (SELECT t.ticket_type, t.first_name, t.last_name FROM tickets t WHERE t.id = s.ticket_id OFFSET 0) t ON true
    LEFT JOIN scan_devices d ON d.id = s.device
    LEFT JOIN users u ON u.id = s.scanner_id
    WHERE s.event_id = ${eventId}
      ${after ? sql`AND (s.created_at, s.id) > (${after.created_at}::timestamptz, ${after.id}::bigint)` : sql``}
    ORDER BY s.created_at, s.id
    LIMIT ${BATCH}`;
}

/**
 * The rows behind each export's lines, written since a version. Orders: the event's orders, tickets
 * (a ticket's event is its order's) and its orders' refunds, and the accounts stamped since that
 * bought them or earned their commission. Attendees: the event's tickets. Scans: the event's scans,
 * their tickets and devices, and the accounts stamped since that scanned them. Each part is read
 * by key, but the refunds: the few there are (one in 140 orders on the scale bench) are read
 * whole and joined to the event's orders by a hash (1.4 ms; a lookup per order took 6). The scans
 * come through the event's row by a lateral join fenced with `OFFSET 0`: asked whether any row
 * matches, the planner would rather read ticket_scans from its start, hoping for an early one.
 * Before the stamp, each of a night's 4,222 buyers was looked up (~10 ms, most of the check), and
 * each order's tickets (~20 ms): 45 ms in all under load, 9 ms now.
 */
const CHANGED: Record<ExportKind, (eventId: number, written: Since) => SQL> = {
  orders: (eventId, written) => sql`
    SELECT 1 FROM tickets t WHERE t.event_id = ${eventId} AND ${written.xmin(sql`t`)}
    UNION ALL
    SELECT 1 FROM orders o WHERE o.event_id = ${eventId} AND ${written.xmin(sql`o`)}
    UNION ALL
    SELECT 1 FROM users u
    WHERE u.change_xid >= ${written.stamp} AND (
      EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.event_id = ${eventId})
      OR EXISTS (SELECT 1 FROM orders o WHERE o.affiliate_id = u.id AND o.event_id = ${eventId})
      OR EXISTS (SELECT 1 FROM tickets t WHERE t.affiliate_id = u.id AND t.event_id = ${eventId}))
    UNION ALL
    SELECT 1 FROM order_refunds r JOIN orders o ON o.id = r.order_id
    WHERE o.event_id = ${eventId} AND ${written.xmin(sql`r`)}`,
  attendees: (eventId, written) =>
    sql`SELECT 1 FROM tickets t WHERE t.event_id = ${eventId} AND ${written.xmin(sql`t`)}`,
  scans: (eventId, written) => sql`
    SELECT 1 FROM users u
    WHERE u.change_xid >= ${written.stamp}
      AND EXISTS (SELECT 1 FROM ticket_scans s WHERE s.scanner_id = u.id AND s.event_id = ${eventId})
    UNION ALL
    SELECT 1 FROM events e
    CROSS JOIN LATERAL (SELECT s.xmin, s.ticket_id, s.device FROM ticket_scans s WHERE s.event_id = e.id OFFSET 0) s
    LEFT JOIN LATERAL (SELECT t.xmin FROM tickets t WHERE t.id = s.ticket_id OFFSET 0) t ON true
    LEFT JOIN scan_devices d ON d.id = s.device
    WHERE e.id = ${eventId} AND (${written.xmin(sql`s`)} OR ${written.xmin(sql`t`)} OR ${written.xmin(sql`d`)})`,
};

/** Each export's columns and batches. */
const EVENT_EXPORTS: Record<ExportKind, (app: FastifyInstance, eventId: number, tz: string) => Readable> = {
  orders: (app, eventId, tz) =>
    csvStream(
      app,
      `orders/${eventId}`,
      ORDER_COLUMNS,
      orderBatches(app, eventId, tz),
      freshness(app, (written) => CHANGED.orders(eventId, written)),
    ),
  attendees: (app, eventId, tz) =>
    csvStream(
      app,
      `attendees/${eventId}`,
      ATTENDEE_COLUMNS,
      batched(app, BATCH, attendeesQuery(eventId, tz)),
      freshness(app, (written) => CHANGED.attendees(eventId, written)),
    ),
  scans: (app, eventId, tz) =>
    csvStream(
      app,
      `scans/${eventId}`,
      SCAN_COLUMNS,
      batched(app, BATCH, scansQuery(eventId, tz)),
      freshness(app, (written) => CHANGED.scans(eventId, written)),
    ),
};

/** One of an event's CSV exports, streamed; 404 for an unknown event (checked before anything is sent). */
export async function exportEventCsv(app: FastifyInstance, eventId: number, kind: ExportKind): Promise<CsvDownload> {
  const [event] = await app.db.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return {
    fileName: `${fileSlug(event.title, `event-${eventId}`)}-${kind}.csv`,
    stream: EVENT_EXPORTS[kind](app, eventId, app.config.timezone),
  };
}

// ---------- the affiliates' payouts of a month ----------

interface PayoutRow {
  id: number;
  username: string | null;
  email: string | null;
  totalTickets: number;
  commissionEarned: number;
  bonusEarned: number;
}

const PAYOUT_COLUMNS = (month: string): CsvColumn<PayoutRow>[] => [
  { header: 'Month', cell: () => month },
  { header: 'Affiliate id', cell: (r) => r.id },
  { header: 'Username', cell: (r) => r.username },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Tickets sold', cell: (r) => r.totalTickets },
  { header: 'Commission (GBP)', cell: (r) => r.commissionEarned.toFixed(2) },
  { header: 'Bonus (GBP)', cell: (r) => r.bonusEarned.toFixed(2) },
  { header: 'Total (GBP)', cell: (r) => (r.commissionEarned + r.bonusEarned).toFixed(2) },
];

/**
 * Each affiliate's counted sales, commission and bonus in `month` (YYYY-MM, APP_TIMEZONE): the
 * figures the affiliates' own statistics and the master's "commission this month" show, from the
 * affiliates module. One row per affiliate with sales that month (a few hundred at most).
 */
export async function exportPayoutsCsv(app: FastifyInstance, month: string): Promise<CsvDownload> {
  const tz = app.config.timezone;
  const { affiliates } = await getCommissionThisMonth(app.db, tz, localToInstant(`${month}-15T12:00:00`, tz));
  const ids = affiliates.map((a) => a.id);
  const emails = new Map(
    ids.length === 0
      ? []
      : (await app.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))).map(
          (u) => [u.id, u.email],
        ),
  );
  const rows: PayoutRow[] = affiliates.map((a) => ({ ...a, email: emails.get(a.id) ?? null }));
  const all: NextBatch<PayoutRow, never> = async () => ({ rows, cursor: null });
  return {
    fileName: `affiliate-payouts-${month}.csv`,
    stream: csvStream(app, `payouts/${month}`, PAYOUT_COLUMNS(month), all),
  };
}
