import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ticketTypeEnum } from './enums.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Ticket sales statistics at scale (issue 19). A ticket counts as sold while its order is PAID
 * (paid_at set) and it is not VOID. Triggers on tickets and orders (migration 0013) append every
 * change to that set here, in the transaction that makes it: +n when tickets become sold, -n when
 * they stop (refund, void). Append-only, so a sale never waits on a shared counter row. The
 * affiliates module's roll-up job folds these rows into the monthly tables below and deletes them;
 * a reader adds what is still here, so the figures are exact between runs.
 */
export const salesLedger = pgTable('sales_ledger', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  paidAt: ts('paid_at').notNull(),
  eventId: bigint('event_id', { mode: 'number' }).notNull(),
  affiliateId: bigint('affiliate_id', { mode: 'number' }),
  ticketType: ticketTypeEnum('ticket_type').notNull(),
  isFree: boolean('is_free').notNull(),
  /** Tickets added (+) or removed (-). */
  tickets: integer('tickets').notNull(),
  /** Their price_paid_pence, with the same sign. */
  pence: bigint('pence', { mode: 'number' }).notNull(),
});

/** Sold tickets per event and calendar month of payment (in sales_rollup_state.timezone), folded from the ledger. */
export const eventSalesByMonth = pgTable(
  'event_sales_by_month',
  {
    month: text('month').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** price_paid_pence of the paid (not free) tickets. */
    revenuePence: bigint('revenue_pence', { mode: 'number' }).notNull().default(0),
    sold: integer('sold').notNull().default(0),
    free: integer('free').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.eventId] }), index('event_sales_by_month_event_idx').on(t.eventId)],
);

/** An affiliate's counted (paid, not free) tickets per calendar month of payment, folded from the ledger. */
export const affiliateSalesByMonth = pgTable(
  'affiliate_sales_by_month',
  {
    affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    standard: integer('standard').notNull().default(0),
    vip: integer('vip').notNull().default(0),
    paidPence: bigint('paid_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.month] }), index('affiliate_sales_by_month_month_idx').on(t.month)],
);

/**
 * One row once the monthly tables hold every sale up to the ledger (built by the roll-up job), for
 * the timezone their months are in. Without a row for APP_TIMEZONE, readers compute from the tickets.
 */
export const salesRollupState = pgTable('sales_rollup_state', {
  id: integer('id').primaryKey().default(1),
  timezone: text('timezone').notNull(),
  builtAt: ts('built_at').notNull().defaultNow(),
});

/**
 * Accounts (not deleted) per role, for the master's statistics (issue 19): a trigger on users
 * (migration 0016) appends +1/-1 rows in the transaction that signs up, deletes or changes the
 * role of an account, so signing up never waits on a shared counter; the master module's job
 * folds them into one row per role. Readers sum the rows of a role.
 */
export const userRoleCounts = pgTable('user_role_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  role: text('role').notNull(),
  users: integer('users').notNull(),
});

/** One row once user_role_counts holds every account (built by the job); without it, readers count users. */
export const userRoleCountsState = pgTable('user_role_counts_state', {
  id: integer('id').primaryKey().default(1),
  builtAt: ts('built_at').notNull().defaultNow(),
});
