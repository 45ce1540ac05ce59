import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Checkout sessions of the built-in `local` payment provider (no money moves). Shaped like
 * Stripe's so that the app's code path is the same for both providers.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    /** The caller's idempotency key: creating twice with one key answers the same session. */
    idempotencyKey: text('idempotency_key').notNull(),
    mode: text('mode').notNull().default('payment'),
    /** open -> complete | expired */
    status: text('status').notNull().default('open'),
    /** unpaid -> paid; no_payment_required for a zero total */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    clientReferenceId: text('client_reference_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    lineItems: jsonb('line_items')
      .$type<{ name: string; unitAmountPence: number; quantity: number }[]>()
      .notNull()
      .default([]),
    amountTotalPence: integer('amount_total_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    paymentId: text('payment_id'),
    /** Subscription mode (memberships): the customer paying and the subscription the payment started. */
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    refundedPence: integer('refunded_pence').notNull().default(0),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_checkout_sessions_idempotency_key').on(t.idempotencyKey)],
);

/** Refunds made through the local provider, one per idempotency key. */
export const localRefunds = pgTable(
  'local_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: text('payment_id').notNull(),
    amountPence: integer('amount_pence').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_refunds_idempotency_key').on(t.idempotencyKey)],
);
