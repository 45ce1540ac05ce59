import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { discountedPricePence } from '@fourfour/shared/tickets';
import { events, users } from '../../db/schema/index.ts';
import { insertIssuedOrder } from './issued-order.ts';
import type { DemoSeed } from '../module.ts';

/** The demo affiliate's code (affiliate@fourfour.local); try it on the purchase page. */
export const DEMO_AFFILIATE_CODE = 'PROMOKAY';

/**
 * Demo data for tickets: the affiliate's code, and one order bought with it (a STANDARD and a VIP
 * ticket for raver@) on the first upcoming event on sale, so affiliate stats and "my tickets" have
 * something to show. The events seeder (order 20) already sold tickets without a code.
 */
export const ticketsDemoSeed: DemoSeed = {
  order: 30,
  async seed(app): Promise<string[]> {
    const [affiliate] = await app.db
      .update(users)
      .set({ affiliateCode: DEMO_AFFILIATE_CODE })
      .where(eq(users.email, 'affiliate@fourfour.local'))
      .returning({ id: users.id });
    const [buyer] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'raver@fourfour.local'));
    const [event] = await app.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.status, 'PUBLISHED'),
          eq(events.cancelled, false),
          gt(events.startsAt, sql`now() + interval '3 days'`),
          sql`${events.soldStandard} + ${events.heldStandard} < ${events.totalStandard}`,
          sql`${events.soldVip} + ${events.heldVip} < ${events.totalVip}`,
        ),
      )
      .orderBy(asc(events.startsAt))
      .limit(1);
    if (!affiliate || !buyer || !event) return [`Demo affiliate code: ${DEMO_AFFILIATE_CODE}`];

    const items = [
      { ticketType: 'STANDARD' as const, firstName: 'Lena', lastName: 'Okafor', dateOfBirth: '1996-04-12' },
      { ticketType: 'VIP' as const, firstName: 'Marco', lastName: 'Reyes', dateOfBirth: '1993-11-30' },
    ].map((d) => ({
      ...d,
      useFreeTicket: false,
      pricePence: discountedPricePence(d.ticketType === 'VIP' ? event.vipPricePence : event.standardPricePence, true),
    }));
    await app.db.transaction(async (tx) => {
      await insertIssuedOrder(tx, { userId: buyer.id, eventId: event.id, affiliateId: affiliate.id, tickets: items });
      await tx
        .update(events)
        .set({ soldStandard: sql`${events.soldStandard} + 1`, soldVip: sql`${events.soldVip} + 1` })
        .where(eq(events.id, event.id));
    });
    return [
      `Demo affiliate code: ${DEMO_AFFILIATE_CODE} (affiliate@fourfour.local); raver@ holds 2 tickets bought with it.`,
    ];
  },
};
