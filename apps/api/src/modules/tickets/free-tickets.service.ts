import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { isSubscriptionActive } from '@fourfour/shared/membership-active';
import { type FreeTicketUsage, freeTicketAllowance } from '@fourfour/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { dateFormatter } from '../../lib/time.ts';
import { reservations, tickets, users } from '../../db/schema/index.ts';

/**
 * Free tickets: a yearly allowance by tier (calendar year in APP_TIMEZONE), at most one per event,
 * STANDARD only. A void free ticket (refund, cancelled event) gives its allowance back.
 */

/** The calendar year of `now` in the product's time zone. */
export function currentYear(timeZone: string, now: Date = new Date()): number {
  return Number(dateFormatter(timeZone, { year: 'numeric' }).format(now));
}

/**
 * Free tickets issued to a user in a calendar year (void ones excluded). For the account view:
 * `countFreeTicketsUsed(app.db, userId, currentYear(app.config.timezone), app.config.timezone)`.
 */
export async function countFreeTicketsUsed(db: DbOrTx, userId: number, year: number, timeZone = 'Europe/London') {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        eq(tickets.userId, userId),
        eq(tickets.isFree, true),
        ne(tickets.status, 'VOID'),
        sql`extract(year from ${tickets.createdAt} at time zone ${timeZone}) = ${year}`,
      ),
    );
  return row?.n ?? 0;
}

/** Free tickets in holds that have not lapsed: they count against the allowance while held. */
export async function countFreeTicketsHeld(db: DbOrTx, userId: number, year: number, timeZone: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${reservations.freeQty}), 0)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.status, 'HELD'),
        gt(reservations.freeQty, 0),
        gt(reservations.expiresAt, sql`now()`),
        sql`extract(year from ${reservations.createdAt} at time zone ${timeZone}) = ${year}`,
      ),
    );
  return row?.n ?? 0;
}

/** Whether the user already has (or holds) a free ticket for this event. */
export async function hasFreeTicketForEvent(db: DbOrTx, userId: number, eventId: number): Promise<boolean> {
  const [issued] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.userId, userId),
        eq(tickets.eventId, eventId),
        eq(tickets.isFree, true),
        ne(tickets.status, 'VOID'),
      ),
    )
    .limit(1);
  if (issued) return true;
  const [held] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.eventId, eventId),
        eq(reservations.status, 'HELD'),
        gt(reservations.freeQty, 0),
        gt(reservations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return !!held;
}

/** GET /api/account/free-tickets: max and remaining are -1 when unlimited. */
export async function getFreeTicketUsage(db: DbOrTx, userId: number, timeZone: string): Promise<FreeTicketUsage> {
  const year = currentYear(timeZone);
  const [user] = await db
    .select({
      tier: users.subscriptionTier,
      status: users.subscriptionStatus,
      expiresAt: users.subscriptionExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const used = await countFreeTicketsUsed(db, userId, year, timeZone);
  const active = !!user && isSubscriptionActive(user.tier, user.status, user.expiresAt);
  const allowance = user && active ? freeTicketAllowance(user.tier) : 0;
  if (allowance === null) return { used, max: -1, remaining: -1, year, unlimited: true };
  return { used, max: allowance, remaining: Math.max(0, allowance - used), year, unlimited: false };
}
