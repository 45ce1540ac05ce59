import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ticketStatusEnum, ticketTypeEnum } from './enums.ts';
import { events } from './events.ts';
import { users } from './users.ts';
import { xid8 } from './xid8.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export interface TicketDraft {
  ticketType: 'STANDARD' | 'VIP';
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  useFreeTicket: boolean;
  pricePence: number;
  /** The release the ticket was held in (issue 20); null or absent when its type has no releases. */
  releaseId?: number | null;
}

/**
 * A hold on stock for 30 minutes. status: HELD -> FULFILLED | EXPIRED | CANCELLED.
 * While HELD, its quantities are counted in events.held_*.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    status: text('status').notNull().default('HELD'),
    standardQty: integer('standard_qty').notNull(),
    vipQty: integer('vip_qty').notNull(),
    freeQty: integer('free_qty').notNull().default(0),
    items: jsonb('items').$type<TicketDraft[]>().notNull(),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).references(() => users.id),
    totalPence: integer('total_pence').notNull(),
    expiresAt: ts('expires_at').notNull(),
    releasedAt: ts('released_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reservations_held_idx').on(t.eventId, t.status, t.expiresAt),
    index('reservations_user_idx').on(t.userId, t.eventId),
    // Holds whose time is up, across events (issue 19): the stock lists add them back and the sweeper
    // releases them. Only HELD rows, so it stays as small as the holds in flight; the index above
    // leads with the event and was walked whole (833k entries) for these.
    index('reservations_expiring_idx').on(t.expiresAt).where(sql`status = 'HELD'`),
    // An account's live holds of one event (the hold statement's ticket limit, on every hold). With
    // only the two above, a plan made before the table was analysed walked the expiring index, every
    // live hold of every event, for each hold of a flash sale (issue 19).
    index('reservations_user_live_idx').on(t.userId, t.eventId, t.expiresAt).where(sql`status = 'HELD'`),
  ],
);

/**
 * One order per reservation that went to payment (or was free). Payment records are kept six
 * years, so rows are never deleted. status: PENDING -> PAID | EXPIRED; PAID -> REFUND_PENDING -> REFUNDED.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    providerRefundId: text('provider_refund_id'),
    /** The provider's hosted page for this order, answered again if the buyer asks twice. */
    checkoutUrl: text('checkout_url'),
    /**
     * Why a refund was made: TIMEOUT (paid after the hold lapsed, no stock), EVENT_CANCELLED, UNDERAGE
     * (paid by an UNDERAGE buyer) or PROVIDER (refunded in the provider's dashboard).
     */
    refundReason: text('refund_reason'),
    amountPence: integer('amount_pence').notNull(),
    /** What has been paid back so far by the back office's partial refunds (issue 21); a full refund sets status REFUNDED. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    /** When the ticket email last went out (the order email job, or a resend from the back office). */
    emailedAt: ts('emailed_at'),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull().default('PENDING'),
    /** FULFILLED, REFUNDED_TIMEOUT or TIMEOUT_REFUND_TRIGGERED once decided. */
    outcome: text('outcome'),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).references(() => users.id),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_reservation_key').on(t.reservationId),
    uniqueIndex('orders_provider_session_key').on(t.providerSessionId),
    // charge.refunded names the payment, not our order.
    index('orders_provider_payment_idx').on(t.providerPaymentId),
    index('orders_user_idx').on(t.userId),
    index('orders_event_idx').on(t.eventId),
    // The back office's newest-first keyset lists, over all events and for one event (issue 21).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_event_created_idx').on(t.eventId, t.createdAt, t.id),
    index('orders_affiliate_idx').on(t.affiliateId, t.paidAt),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ticketType: ticketTypeEnum('ticket_type').notNull(),
    /** Attendee data: purged (set to null) once the event has passed. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    pricePaidPence: integer('price_paid_pence').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    /** The release it was sold in (issue 20); null when its type had no releases. Not a foreign key: see usedBy. */
    releaseId: bigint('release_id', { mode: 'number' }),
    status: ticketStatusEnum('status').notNull().default('VALID'),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).references(() => users.id),
    usedAt: ts('used_at'),
    // No foreign key: an admission must not take a KEY SHARE lock on the scanner's user row. Batches
    // of scans running side by side share scanners, and rows key-share-locked by several
    // transactions at once become MultiXacts, which cost the database more than the scans
    // themselves. The admitting statement checks the scanner's account; users are never
    // hard-deleted (as for ticket_scans.scanner_id).
    usedBy: bigint('used_by', { mode: 'number' }),
    usedDevice: text('used_device'),
    voidedAt: ts('voided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The transaction that last wrote the row (set on insert by this default, on every update by
     * the trigger tickets_change_xid, migration 0009): a door pack asks for the tickets changed
     * since the oldest transaction its last copy could have missed. Not indexed: an index on it
     * would make every admission a non-HOT update; a pack reads its event's rows through
     * tickets_event_idx and filters (a few thousand rows).
     */
    changeXid: xid8('change_xid').notNull().default(sql`pg_current_xact_id()`),
    /**
     * The attendee's name as the back office searches it, folded (ff_fold: case and accents), kept
     * by PostgreSQL on every write of either name (migration 0020). Stored, so a search reads it
     * instead of folding each of an event's 10,000 names again (issue 19). Null while a name is.
     */
    attendeeFolded: text('attendee_folded').generatedAlwaysAs(sql`ff_fold(first_name || ' ' || last_name)`),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.eventId),
    index('tickets_event_idx').on(t.eventId),
    index('tickets_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('tickets_order_idx').on(t.orderId),
    // The back office's attendee search (issue 21): case- and accent-insensitive substring match on
    // the attendee's folded name through pg_trgm (migrations 0011 and 0020).
    index('tickets_attendee_trgm_idx').using('gin', sql`${t.attendeeFolded} gin_trgm_ops`),
    // An event's attendee list, by folded last then first name (keyset): read in index order.
    index('tickets_event_attendee_idx').on(t.eventId, sql`ff_fold(${t.lastName})`, sql`ff_fold(${t.firstName})`, t.id),
  ],
);

/** Every scan attempt at the door, whatever its result. */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid('ticket_id'),
    eventId: bigint('event_id', { mode: 'number' }),
    // No foreign key: a log row must not cost a lookup and a lock of the scanner's user row on every
    // scan (users are never hard-deleted, so the id stays meaningful).
    scannerId: bigint('scanner_id', { mode: 'number' }),
    result: text('result').notNull(),
    device: text('device'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // In the order scans happened, the id breaking ties (issue 19): the door's latest scans and the
    // scans export read it in order, with no sort.
    index('ticket_scans_event_idx').on(t.eventId, t.createdAt, t.id),
    // Whether someone scanned at an event: an EVENT_WORKER sees the live door of the doors they work.
    index('ticket_scans_scanner_idx').on(t.scannerId, t.eventId),
  ],
);
