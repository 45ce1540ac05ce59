import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { eventStatusEnum } from './enums.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Stock lives on the event row as counters so that a reservation is one conditional UPDATE:
 * sold + held <= total is enforced by the WHERE clause and by a CHECK constraint.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description'),
    location: text('location'),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    /** Storage key of the re-encoded artwork; null = generated default artwork. */
    imageKey: text('image_key'),
    imageUrl: text('image_url'),
    status: eventStatusEnum('status').notNull().default('PLANNED'),
    cancelled: boolean('cancelled').notNull().default(false),
    cancelledAt: ts('cancelled_at'),
    totalStandard: integer('total_standard').notNull().default(0),
    totalVip: integer('total_vip').notNull().default(0),
    standardPricePence: integer('standard_price_pence').notNull().default(0),
    vipPricePence: integer('vip_price_pence').notNull().default(0),
    soldStandard: integer('sold_standard').notNull().default(0),
    soldVip: integer('sold_vip').notNull().default(0),
    heldStandard: integer('held_standard').notNull().default(0),
    heldVip: integer('held_vip').notNull().default(0),
    /**
     * At least one ticket type sells in releases (ticket_releases, issue 20): the hold statement
     * then takes this row's lock before the releases'. Set with the releases, under this row's lock.
     */
    hasReleases: boolean('has_releases').notNull().default(false),
    /**
     * Fans may change an attendee's name on their own tickets from My tickets until 24 hours before
     * the start (issue 21); an admin switches it off per event. Admins can always change names.
     */
    attendeeChangesAllowed: boolean('attendee_changes_allowed').notNull().default(true),
    /** Null: the product owns the event (cancellation refunds automatically). */
    organiserName: text('organiser_name'),
    organiserContact: text('organiser_contact'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt),
    check(
      'events_stock_standard',
      sql`${t.soldStandard} >= 0 AND ${t.heldStandard} >= 0 AND ${t.soldStandard} + ${t.heldStandard} <= ${t.totalStandard}`,
    ),
    check(
      'events_stock_vip',
      sql`${t.soldVip} >= 0 AND ${t.heldVip} >= 0 AND ${t.soldVip} + ${t.heldVip} <= ${t.totalVip}`,
    ),
    check('events_prices', sql`${t.standardPricePence} >= 0 AND ${t.vipPricePence} >= 0`),
  ],
);
