import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftMonth } from '@fourfour/shared/affiliates';
import { MASTER_MESSAGES, type MasterStats } from '@fourfour/shared/master';
import { orders, users } from '../../db/schema/index.ts';
import { instantToLocal } from '../../lib/time.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { buy, drafts } from '../affiliates/affiliates.test-kit.ts';
import { makeMember } from '../tickets/tickets.test-kit.ts';

describe('master stats', () => {
  let t: TestApp;
  let master: TestUser;
  let admin: TestUser;
  let stats: MasterStats;
  let affiliateId: number;
  let topEventId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    master = await createUser(t.app, { role: 'MASTER' });
    admin = await createUser(t.app, { role: 'ADMIN' });
    const fan = await createUser(t.app);
    const affiliate = await createUser(t.app, { role: 'AFFILIATE' });
    affiliateId = affiliate.id;
    const code = (await t.app.inject({ url: '/api/affiliate/generate', headers: affiliate.headers })).json()
      .affiliateCode;

    const entry = await createUser(t.app);
    await makeMember(t.app, entry.id, 'ENTRY');
    const headliner = await createUser(t.app);
    await makeMember(t.app, headliner.id, 'HEADLINER', 'VERIFIED', 'CANCELLED');
    const ended = await createUser(t.app);
    await makeMember(t.app, ended.id, 'MIDDLE', 'VERIFIED', 'ENDED');

    const small = await createEvent(t.app, { title: 'Small Room', standardPricePence: 2000, vipPricePence: 5000 });
    const big = await createEvent(t.app, { title: 'Big Room', standardPricePence: 2000, vipPricePence: 5000 });
    topEventId = big.id;
    const doomed = await createEvent(t.app, { title: 'Cancelled Night', standardPricePence: 9000 });
    await buy(t.app, fan, small.id, drafts(3)); // 60.00
    await buy(t.app, fan, big.id, drafts(0, 1)); // 50.00
    await buy(t.app, fan, big.id, drafts(2), { code }); // 2 × 18.00
    // A free ticket: counted as free, earns nothing.
    await buy(t.app, entry, big.id, [{ ...drafts(1)[0]!, useFreeTicket: true }]);
    // Two months ago.
    const earlier = await buy(t.app, fan, small.id, drafts(1));
    await t.app.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 62 * 24 * 3600_000) })
      .where(eq(orders.id, earlier));
    // Refunded: leaves every figure.
    const refunded = await buy(t.app, fan, doomed.id, drafts(5));
    await t.app.inject({ method: 'PUT', url: `/api/admin/events/${doomed.id}/cancel`, headers: admin.headers });
    await waitFor(async () => {
      const [o] = await t.app.db.select().from(orders).where(eq(orders.id, refunded));
      return o?.status === 'REFUNDED';
    });
    const gone = await createUser(t.app);
    await t.app.db.update(users).set({ deleted: true, email: null }).where(eq(users.id, gone.id));

    const res = await t.app.inject({ url: '/api/master/stats', headers: master.headers });
    expect(res.statusCode).toBe(200);
    stats = res.json();
  });
  afterAll(async () => t?.close());

  it('counts members by tier and monthly recurring revenue from renewing plans', () => {
    expect(stats.membersByTier).toEqual([
      { tier: 'ENTRY', members: 1, renewing: 1, monthlyRecurringRevenue: 39.99 },
      { tier: 'MIDDLE', members: 0, renewing: 0, monthlyRecurringRevenue: 0 },
      // Cancelled at period end: still a member until then, but it does not renew.
      { tier: 'HEADLINER', members: 1, renewing: 0, monthlyRecurringRevenue: 0 },
    ]);
    expect(stats.totals.activeMembers).toBe(2);
    expect(stats.totals.monthlyRecurringRevenue).toBe(39.99);
  });

  it('sums ticket revenue per month over 12 months in APP_TIMEZONE, without refunded tickets', () => {
    expect(stats.ticketSalesByMonth).toHaveLength(12);
    const month = instantToLocal(new Date(), 'Europe/London').date.slice(0, 7);
    expect(stats.currentMonth).toBe(month);
    expect(stats.ticketSalesByMonth.at(-1)).toEqual({ month, revenue: 146, ticketsSold: 6, freeTickets: 1 });
    expect(stats.ticketSalesByMonth[0]!.month).toBe(shiftMonth(month, -11));
    const sold = stats.ticketSalesByMonth.reduce((n, m) => n + m.ticketsSold, 0);
    expect(sold).toBe(7);
    expect(stats.totals.ticketRevenueThisMonth).toBe(146);
    expect(stats.totals.ticketsSoldThisMonth).toBe(6);
  });

  it('ranks events by revenue', () => {
    expect(stats.topEvents.map((e) => [e.title, e.revenue, e.ticketsSold])).toEqual([
      ['Big Room', 86, 3],
      ['Small Room', 80, 4],
    ]);
    expect(stats.topEvents[0]!.eventId).toBe(topEventId);
  });

  it('counts live users by role and new sign-ups per week', () => {
    const byRole = Object.fromEntries(stats.usersByRole.map((r) => [r.role, r.users]));
    expect(byRole).toEqual({ USER: 4, AFFILIATE: 1, EVENT_WORKER: 0, ADMIN: 1, MASTER: 1 });
    expect(stats.totals.users).toBe(7);
    expect(stats.signupsByWeek).toHaveLength(12);
    expect(stats.signupsByWeek.at(-1)!.signups).toBe(8);
    expect(new Date(`${stats.signupsByWeek.at(-1)!.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('shows the affiliate commission owed this month', () => {
    expect(stats.affiliateCommission.affiliates).toEqual([
      { id: affiliateId, username: expect.any(String), totalTickets: 2, commissionEarned: 3.6, bonusEarned: 0 },
    ]);
    expect(stats.affiliateCommission.total).toBe(3.6);
    expect(stats.totals.affiliateCommissionOwed).toBe(3.6);
  });

  it('is for a MASTER only', async () => {
    const res = await t.app.inject({ url: '/api/master/stats', headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MASTER_MESSAGES.mustBeMaster);
    expect((await t.app.inject({ url: '/api/master/stats' })).statusCode).toBe(401);
  });
});
