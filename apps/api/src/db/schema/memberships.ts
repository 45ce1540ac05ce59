import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
