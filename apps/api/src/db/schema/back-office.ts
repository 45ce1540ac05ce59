import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { orders } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A refund of some or all of an order's tickets from the back office (issue 21). Written before the
 * provider is called (status PENDING, nothing else changed), completed after it answered (SUCCEEDED:
 * the tickets voided, the stock back, the buyer mailed, in one transaction), or FAILED with the
 * provider's error (the order unchanged). `requestKey` is the order and its sorted ticket ids, so a
 * double click finds the same row; the provider's idempotency key is `refund:<id>`, so a retry or the
 * recovery job never pays out twice.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    requestKey: text('request_key').notNull(),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    force: boolean('force').notNull().default(false),
    /** PENDING -> SUCCEEDED | FAILED; a FAILED one is tried again by the same request. */
    status: text('status').notNull().default('PENDING'),
    providerRefundId: text('provider_refund_id'),
    error: text('error'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('order_refunds_request_key').on(t.requestKey),
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_pending_idx').on(t.status, t.createdAt).where(sql`status = 'PENDING'`),
  ],
);

/** A message to an event's ticket holders (issue 21): what was sent, to how many, by whom. */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The ticket types whose holders receive it (both when the admin named none). */
    ticketTypes: jsonb('ticket_types').$type<('STANDARD' | 'VIP')[]>().notNull(),
    includeRefunded: boolean('include_refunded').notNull().default(false),
    recipientCount: integer('recipient_count').notNull(),
    sentCount: integer('sent_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('event_messages_event_idx').on(t.eventId, t.createdAt)],
);

/** One row per account a message goes to (deduplicated by the key); sentAt once its mail went out. */
export const eventMessageRecipients = pgTable(
  'event_message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => eventMessages.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('event_message_recipients_user_idx').on(t.userId)],
);
