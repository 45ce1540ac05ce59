import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscriptionStatusEnum, tierEnum } from './enums.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The provider's subscription as last read from it; users.subscription_* mirror the current one. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    tier: tierEnum('tier').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    providerStatus: text('provider_status'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: ts('current_period_end'),
    startedAt: ts('started_at').notNull().defaultNow(),
    /** First time it ran (ACTIVE or CANCELLED): the welcome mail and benefits happen once, then. */
    activatedAt: ts('activated_at'),
    endedAt: ts('ended_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

export const benefits = pgTable(
  'benefits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    benefitType: text('benefit_type').notNull(),
    tier: tierEnum('tier').notNull(),
    deliveredAt: ts('delivered_at'),
    deliveredBy: bigint('delivered_by', { mode: 'number' }).references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('benefits_user_type_key').on(t.userId, t.benefitType)],
);

/** Customers of the built-in `local` payment provider (one per user, like Stripe's). */
export const localCustomers = pgTable(
  'local_customers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    email: text('email'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_customers_idempotency_key').on(t.idempotencyKey)],
);

/**
 * Subscriptions of the `local` provider, shaped like Stripe's: a status (active, past_due,
 * canceled), cancel_at_period_end and the current period. Its portal page changes them.
 */
export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    status: text('status').notNull().default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The checkout session that started it: completing a session twice starts one subscription. */
    checkoutSessionId: text('checkout_session_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('local_subscriptions_checkout_key').on(t.checkoutSessionId),
    index('local_subscriptions_customer_idx').on(t.customerId),
  ],
);
