import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { shiftMonth } from '@fourfour/shared/affiliates';
import { discountedPricePence } from '@fourfour/shared/tickets';
import { events, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { insertIssuedOrder } from '../tickets/index.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import type { DemoSeed } from '../module.ts';

/**
 * Demo sales for affiliate@ in the three months before this one (the tickets seeder already sold
 * two tickets with the code this month): 15 tickets (goal reached: 20% and the bonus), 9 and 4,
 * bought ahead for the biggest upcoming night by four regulars of the crowd, one order each: an
 * account holds at most 10 tickets of an event (MAX_TICKETS_PER_ACCOUNT_PER_EVENT), and the demo
 * accounts already have some for that night.
 */
const PLAN: { monthsAgo: number; day: string; standard: number; vip: number }[] = [
  { monthsAgo: 1, day: '06', standard: 8, vip: 2 },
  { monthsAgo: 1, day: '21', standard: 4, vip: 1 },
  { monthsAgo: 2, day: '12', standard: 7, vip: 2 },
  { monthsAgo: 3, day: '25', standard: 4, vip: 0 },
];

export const affiliatesDemoSeed: DemoSeed = {
  order: 45,
  async seed(app): Promise<string[]> {
    const tz = app.config.timezone;
    const [affiliate] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'affiliate@fourfour.local'));
    const [event] = await app.db
      .select()
      .from(events)
      .where(and(eq(events.status, 'PUBLISHED'), eq(events.cancelled, false), gt(events.startsAt, sql`now()`)))
      .orderBy(desc(events.totalStandard))
      .limit(1);
    const needed = PLAN.reduce((n, p) => ({ s: n.s + p.standard, v: n.v + p.vip }), { s: 0, v: 0 });
    if (
      !affiliate ||
      !event ||
      event.soldStandard + event.heldStandard + needed.s > event.totalStandard ||
      event.soldVip + event.heldVip + needed.v > event.totalVip
    ) {
      return [];
    }

    const thisMonth = instantToLocal(new Date(), tz).date.slice(0, 7);
    // Not sign-in-able (random password), like the events seeder's crowd.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    await app.db.transaction(async (tx) => {
      const buyers = await tx
        .insert(users)
        .values(
          PLAN.map((_, i) => ({
            email: `regular${String(i + 1).padStart(2, '0')}@crowd.fourfour.local`,
            username: `crowd_regular_${i + 1}`,
            passwordHash,
            birthDate: `198${i + 5}-06-2${i}`,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      for (const [i, plan] of PLAN.entries()) {
        const buyer = buyers[i]!;
        const paidAt = localToInstant(`${shiftMonth(thisMonth, -plan.monthsAgo)}-${plan.day}T20:15:00`, tz);
        const items = [
          ...Array.from({ length: plan.standard }, () => 'STANDARD' as const),
          ...Array.from({ length: plan.vip }, () => 'VIP' as const),
        ].map((ticketType, n) => ({
          ticketType,
          firstName: ['Ama', 'Theo', 'Priya', 'Jonas', 'Mei', 'Kofi'][n % 6]!,
          lastName: ['Mensah', 'Walsh', 'Shah', 'Berg', 'Lin', 'Boateng'][(n + i) % 6]!,
          dateOfBirth: '1994-08-1' + (n % 9),
          useFreeTicket: false,
          pricePence: discountedPricePence(ticketType === 'VIP' ? event.vipPricePence : event.standardPricePence, true),
        }));
        await insertIssuedOrder(tx, {
          userId: buyer.id,
          eventId: event.id,
          affiliateId: affiliate.id,
          at: paidAt,
          tickets: items,
        });
      }
      await tx
        .update(events)
        .set({
          soldStandard: sql`${events.soldStandard} + ${needed.s}`,
          soldVip: sql`${events.soldVip} + ${needed.v}`,
        })
        .where(eq(events.id, event.id));
    });
    return [`Demo affiliate sales: ${needed.s + needed.v} tickets over the last three months for promo_kay.`];
  },
};
