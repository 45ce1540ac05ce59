import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftMonth } from '@fourfour/shared/affiliates';
import { orders, tickets } from '../../db/schema/index.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeMember } from '../tickets/tickets.test-kit.ts';
import { buy, drafts } from './affiliates.test-kit.ts';
import { rowsOf } from './affiliates.queries.ts';
import { rollUpSales, salesRollupReady } from './sales-rollup.ts';

/**
 * The sales roll-up (issue 19): after sales, refunds, voids and payments on either side of a month
 * boundary, the statistics read from the monthly tables plus the ledger equal those computed
 * directly from the tickets (the path taken while the roll-up is not built).
 */
describe('sales roll-up', () => {
  let t: TestApp;
  let master: TestUser;
  let affiliate: TestUser;
  let fan: TestUser;
  let code: string;
  let eventId: number;
  let otherEventId: number;
  const tz = 'Europe/London';
  const thisMonth = instantToLocal(new Date(), tz).date.slice(0, 7);
  const lastMonth = shiftMonth(thisMonth, -1);
  const monthStart = localToInstant(`${thisMonth}-01T00:00:00`, tz);

  /** Every figure the three routes show (the master's generatedAt aside). */
  async function figures() {
    const get = async (url: string, who: TestUser) => {
      const res = await t.app.inject({ url, headers: who.headers });
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    const { generatedAt: _, ...stats } = (await get('/api/master/stats', master)).json();
    return {
      stats,
      affiliate: (await get('/api/affiliate/stats', affiliate)).json(),
      history: (await get(`/api/master/affiliates/${affiliate.id}/sales-history`, master)).json(),
      payoutsThisMonth: (await get(`/api/master/affiliates/payouts.csv?month=${thisMonth}`, master)).body,
      payoutsLastMonth: (await get(`/api/master/affiliates/payouts.csv?month=${lastMonth}`, master)).body,
    };
  }

  /** The figures computed directly from the tickets: the roll-up set aside for the call, then restored. */
  async function direct() {
    const [state] = rowsOf<{ timezone: string }>(await t.app.db.execute(sql`SELECT timezone FROM sales_rollup_state`));
    await t.app.db.execute(sql`DELETE FROM sales_rollup_state`);
    try {
      return await figures();
    } finally {
      if (state)
        await t.app.db.execute(sql`INSERT INTO sales_rollup_state (id, timezone) VALUES (1, ${state.timezone})`);
    }
  }

  async function expectRolledUpEqualsDirect() {
    expect(await salesRollupReady(t.app.db, tz)).toBe(true);
    const rolled = await figures();
    expect(rolled).toEqual(await direct());
    return rolled;
  }

  const ledgerRows = async () =>
    Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM sales_ledger`))[0]!.n);

  beforeAll(async () => {
    // No job workers: the roll-up runs only when a test says so.
    t = await createTestApp({ env: { RATE_LIMIT: 'off', APP_TIMEZONE: tz }, jobs: { work: false } });
    master = await createUser(t.app, { role: 'MASTER' });
    affiliate = await createUser(t.app, { role: 'AFFILIATE' });
    fan = await createUser(t.app);
    code = (await t.app.inject({ url: '/api/affiliate/generate', headers: affiliate.headers })).json().affiliateCode;
    eventId = (await createEvent(t.app, { title: 'Rolled Room', standardPricePence: 2000, vipPricePence: 5000 })).id;
    otherEventId = (await createEvent(t.app, { title: 'Other Room', standardPricePence: 3000 })).id;
    await buy(t.app, fan, eventId, drafts(2, 1), { code });
    await buy(t.app, fan, otherEventId, drafts(1));
    // The last millisecond of last month, and the first of this one.
    await buy(t.app, fan, eventId, drafts(1), { code, paidAt: new Date(monthStart.getTime() - 1) });
    await buy(t.app, fan, otherEventId, drafts(2), { code, paidAt: monthStart });
    const member = await createUser(t.app);
    await makeMember(t.app, member.id, 'ENTRY');
    await buy(t.app, member, eventId, [{ ...drafts(1)[0]!, useFreeTicket: true }]);
  });
  afterAll(async () => t?.close());

  it('is built from the tickets and then shows what a direct computation shows', async () => {
    expect(await rollUpSales(t.app.db, tz)).toBe('built');
    expect(await ledgerRows()).toBe(0);
    const rolled = await expectRolledUpEqualsDirect();
    expect(rolled.history.map((m: { month: string }) => m.month)).toEqual([thisMonth, lastMonth]);
    expect(rolled.stats.topEvents.map((e: { eventId: number }) => e.eventId)).toEqual([eventId, otherEventId]);
  });

  it('counts a sale today that the roll-up has not yet seen, and after folding it in', async () => {
    await buy(t.app, fan, eventId, drafts(0, 2), { code });
    expect(await ledgerRows()).toBeGreaterThan(0);
    const before = await expectRolledUpEqualsDirect();
    expect(before.stats.totals.ticketsSoldThisMonth).toBe(8);
    expect(await rollUpSales(t.app.db, tz)).toBe('folded');
    expect(await ledgerRows()).toBe(0);
    expect(await expectRolledUpEqualsDirect()).toEqual(before);
  });

  it('drops a voided ticket and a refunded order, in the month they were paid', async () => {
    const [vip] = await t.app.db.select().from(tickets).where(eq(tickets.ticketType, 'VIP')).limit(1);
    await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, vip!.id));
    const [old] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.paidAt, new Date(monthStart.getTime() - 1)));
    await t.app.db.update(orders).set({ status: 'REFUNDED' }).where(eq(orders.id, old!.id));
    const rolled = await expectRolledUpEqualsDirect();
    expect(rolled.history.map((m: { month: string }) => m.month)).toEqual([thisMonth]);
    await rollUpSales(t.app.db, tz);
    expect(await expectRolledUpEqualsDirect()).toEqual(rolled);
  });

  it('follows a payment moved across the month boundary, and an event refunded in full', async () => {
    const [moved] = await t.app.db.select().from(orders).where(eq(orders.paidAt, monthStart));
    await t.app.db
      .update(orders)
      .set({ paidAt: new Date(monthStart.getTime() - 1) })
      .where(eq(orders.id, moved!.id));
    await expectRolledUpEqualsDirect();
    await rollUpSales(t.app.db, tz);
    await expectRolledUpEqualsDirect();
    await t.app.db.update(orders).set({ status: 'REFUNDED' }).where(eq(orders.eventId, otherEventId));
    const rolled = await expectRolledUpEqualsDirect();
    expect(rolled.stats.topEvents.map((e: { eventId: number }) => e.eventId)).toEqual([eventId]);
    await rollUpSales(t.app.db, tz);
    await expectRolledUpEqualsDirect();
  });

  it('is rebuilt when the timezone changes, and reads the tickets until then', async () => {
    expect(await salesRollupReady(t.app.db, 'America/New_York')).toBe(false);
    expect(await rollUpSales(t.app.db, 'America/New_York')).toBe('built');
    expect(await salesRollupReady(t.app.db, tz)).toBe(false);
    expect(await rollUpSales(t.app.db, tz)).toBe('built');
    await expectRolledUpEqualsDirect();
  });
});
