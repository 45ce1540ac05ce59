import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tierEnum, ticketTypeEnum } from './enums.ts';
import { events } from './events.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A ticket release (issue 20): one step of a ticket type's price ladder ("Early bird", "Tier 2"),
 * or a presale behind an unlock code, or a members-only allocation. Stock is counted on the row as
 * on the event row (sold + held <= quantity, by the hold statement's WHERE and by a CHECK), and the
 * event's own counters keep counting every ticket of the type as well: events.total_* of a type
 * with releases is the sum of its releases' quantities plus what was sold before it had any
 * (modules/events/releases.service.ts). A type without releases sells from the event row alone.
 */
export const ticketReleases = pgTable(
  'ticket_releases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    ticketType: ticketTypeEnum('ticket_type').notNull(),
    /** Order within its type: the ladder is walked by position, lowest first. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    pricePence: integer('price_pence').notNull(),
    quantity: integer('quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    salesStart: ts('sales_start'),
    salesEnd: ts('sales_end'),
    /**
     * Upper-cased; null = public. Kept readable (not hashed): it is a promoter's presale code that
     * admins hand out and read back in the editor, not a secret of one account, and anyone who
     * holds it may use it. Only ADMIN and MASTER ever see it.
     */
    unlockCode: text('unlock_code'),
    /** Only accounts with an active, verified membership of this tier or above may buy it. */
    membersOnlyTier: tierEnum('members_only_tier'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_releases_event_idx').on(t.eventId, t.ticketType, t.position),
    check(
      'ticket_releases_stock',
      sql`${t.sold} >= 0 AND ${t.held} >= 0 AND ${t.quantity} >= 0 AND ${t.sold} + ${t.held} <= ${t.quantity}`,
    ),
    check('ticket_releases_price', sql`${t.pricePence} >= 0`),
  ],
);
