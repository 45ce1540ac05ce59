import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATE_CODE_LENGTH, type MonthlySalesRecord } from '@fourfour/shared/affiliates';
import type { Role } from '@fourfour/shared/enums';
import { TICKET_MESSAGES } from '@fourfour/shared/tickets';
import { orders, tickets, users } from '../../db/schema/index.ts';
import { UNAMBIGUOUS_ALPHABET } from '../../lib/crypto.ts';
import { localToInstant } from '../../lib/time.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { draft, makeMember, reserve } from '../tickets/tickets.test-kit.ts';
import { buy, buyMany, drafts } from './affiliates.test-kit.ts';

const london = (local: string) => localToInstant(local, 'Europe/London');

describe('affiliates: codes, sales and commission', () => {
  let t: TestApp;
  let fan: TestUser;
  let admin: TestUser;
  let master: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off', APP_TIMEZONE: 'Europe/London' } });
    fan = await createUser(t.app);
    admin = await createUser(t.app, { role: 'ADMIN' });
    master = await createUser(t.app, { role: 'MASTER' });
  });
  afterAll(async () => t?.close());

  const get = (url: string, user?: TestUser) => t.app.inject({ url, headers: user?.headers });

  /** A new affiliate with a code from the API. */
  async function newAffiliate(role: Role = 'AFFILIATE') {
    const user = await createUser(t.app, { role });
    const res = await get('/api/affiliate/generate', user);
    expect(res.statusCode).toBe(200);
    return { user, code: res.json().affiliateCode as string };
  }
  const statsOf = async (user: TestUser): Promise<MonthlySalesRecord[]> => {
    const res = await get('/api/affiliate/stats', user);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('the affiliate code', () => {
    it('is created once: short, from the unambiguous alphabet, the same on every later call', async () => {
      const { user, code } = await newAffiliate();
      expect(code).toHaveLength(AFFILIATE_CODE_LENGTH);
      expect([...code].every((c) => UNAMBIGUOUS_ALPHABET.includes(c))).toBe(true);
      expect((await get('/api/affiliate/generate', user)).json()).toEqual({ affiliateCode: code });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.affiliateCode).toBe(code);
    });

    it('is one code when many first calls arrive at once', async () => {
      const user = await createUser(t.app, { role: 'AFFILIATE' });
      const answers = await Promise.all(Array.from({ length: 8 }, () => get('/api/affiliate/generate', user)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.json().affiliateCode)).size).toBe(1);
    });

    it('is for AFFILIATE, ADMIN and MASTER only', async () => {
      expect((await get('/api/affiliate/generate')).statusCode).toBe(401);
      expect((await get('/api/affiliate/generate', fan)).statusCode).toBe(403);
      const worker = await createUser(t.app, { role: 'EVENT_WORKER' });
      expect((await get('/api/affiliate/generate', worker)).statusCode).toBe(403);
      expect((await get('/api/affiliate/generate', admin)).statusCode).toBe(200);
      expect((await get('/api/affiliate/generate', master)).statusCode).toBe(200);
    });

    it('gives buyers 10% off, but a buyer may not use their own code', async () => {
      const { user, code } = await newAffiliate();
      const event = await createEvent(t.app, { standardPricePence: 2000 });
      const own = await reserve(t.app, user, event.id, [draft()], code);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ code: 'OWN_AFFILIATE_CODE', message: TICKET_MESSAGES.affiliateOwnCode });
      const other = await reserve(t.app, fan, event.id, [draft()], code.toLowerCase());
      expect(other.statusCode).toBe(200);
      expect(other.json().totalAmount).toBe(18);
    });
  });

  describe('commission by calendar month', () => {
    // Standard 20.00 → 18.00 paid with the code; VIP 50.00 → 45.00.
    const paidAt = london('2026-03-10T20:00:00');

    it.each([
      // tickets, standard, vip, commission (10% or 20% of what was paid), bonus, toward, remaining
      [13, 13, 0, 23.4, 0, 13, 1],
      [14, 12, 2, 61.2, 200, 14, 0],
      [15, 15, 0, 54, 200, 14, 0],
    ])('%i tickets in a month: commission and bonus', async (total, standard, vip, commission, bonus, toward, left) => {
      const { user, code } = await newAffiliate();
      const event = await createEvent(t.app, { standardPricePence: 2000, vipPricePence: 5000 });
      await buyMany(t.app, fan, event.id, { standard, vip }, { code, paidAt });
      expect(await statsOf(user)).toEqual([
        {
          month: '2026-03',
          totalTickets: total,
          standardTickets: standard,
          vipTickets: vip,
          commissionEarned: commission,
          bonusEarned: bonus,
          ticketsTowardGoal: toward,
          ticketsRemainingToGoal: left,
        },
      ]);
    });

    it('is on the discounted price, rounded per ticket; free tickets and sales without the code earn nothing', async () => {
      const { user, code } = await newAffiliate();
      const member = await createUser(t.app);
      await makeMember(t.app, member.id, 'ENTRY');
      const event = await createEvent(t.app, { standardPricePence: 1999, vipPricePence: 4999 });
      // 19.99 → 17.99 and 49.99 → 44.99 with the code; the free ticket is 0 and carries no affiliate.
      await buy(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true }), draft(), draft('VIP')], {
        code,
        paidAt,
      });
      await buy(t.app, fan, event.id, drafts(3), { paidAt });
      const [month] = await statsOf(user);
      expect(month).toMatchObject({ totalTickets: 2, standardTickets: 1, vipTickets: 1 });
      // 10% of (17.99 + 44.99) = 6.298 → 6.30
      expect(month!.commissionEarned).toBe(6.3);
      const free = await t.app.db.select().from(tickets).where(eq(tickets.isFree, true));
      expect(free.every((x) => x.affiliateId === null)).toBe(true);
    });

    it('drops refunded tickets: a cancelled event takes its sales back out of the month', async () => {
      const { user, code } = await newAffiliate();
      const kept = await createEvent(t.app);
      const cancelled = await createEvent(t.app);
      await buyMany(t.app, fan, kept.id, { standard: 10 }, { code, paidAt });
      const refunded = await buy(t.app, fan, cancelled.id, drafts(4), { code, paidAt });
      expect((await statsOf(user))[0]).toMatchObject({ totalTickets: 14, bonusEarned: 200 });

      const cancel = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/events/${cancelled.id}/cancel`,
        headers: admin.headers,
      });
      expect(cancel.statusCode).toBe(200);
      await waitFor(async () => {
        const [o] = await t.app.db.select().from(orders).where(eq(orders.id, refunded));
        return o?.status === 'REFUNDED';
      });
      expect((await statsOf(user))[0]).toMatchObject({
        totalTickets: 10,
        commissionEarned: 18,
        bonusEarned: 0,
        ticketsRemainingToGoal: 4,
      });
    });

    it('counts a month in APP_TIMEZONE: 23:30 on 31 July in London is July, 00:30 on 1 August is August', async () => {
      const { user, code } = await newAffiliate();
      const event = await createEvent(t.app);
      const lastJulyEvening = london('2026-07-31T23:30:00');
      expect(lastJulyEvening.toISOString()).toBe('2026-07-31T22:30:00.000Z');
      const firstAugustNight = london('2026-08-01T00:30:00');
      expect(firstAugustNight.toISOString()).toBe('2026-07-31T23:30:00.000Z');
      await buyMany(t.app, fan, event.id, { standard: 10 }, { code, paidAt: lastJulyEvening });
      // Another buyer: the fan already holds the 10 tickets one account may have for the event.
      await buyMany(t.app, await createUser(t.app), event.id, { standard: 5 }, { code, paidAt: firstAugustNight });
      const months = await statsOf(user);
      // Newest first; neither month reaches 14, although the UTC day of both is 31 July.
      expect(months.map((m) => [m.month, m.totalTickets, m.commissionEarned, m.bonusEarned])).toEqual([
        ['2026-08', 5, 9, 0],
        ['2026-07', 10, 18, 0],
      ]);
    });
  });

  describe('the admin sales view', () => {
    it('lists affiliates and code holders, searchable by username, email or id, for ADMIN and MASTER only', async () => {
      const promo = await createUser(t.app, { role: 'AFFILIATE', username: `promo_${Date.now().toString(36)}` });
      const former = await createUser(t.app);
      await t.app.db
        .update(users)
        .set({ affiliateCode: `OLD${former.id}` })
        .where(eq(users.id, former.id));
      const plain = await createUser(t.app);

      const page = await get('/api/master/affiliates?page=0&size=50', admin);
      expect(page.statusCode).toBe(200);
      const all = page.json();
      expect(all.totalElements).toBeGreaterThanOrEqual(2);
      const everyone = await get(`/api/master/affiliates?size=50&page=0&q=`, master);
      expect(everyone.statusCode).toBe(200);

      const search = async (q: string) =>
        (await get(`/api/master/affiliates?size=50&q=${encodeURIComponent(q)}`, admin))
          .json()
          .content.map((u: { id: number }) => u.id);
      expect(await search(promo.username.toUpperCase())).toEqual([promo.id]);
      expect(await search(former.email)).toEqual([former.id]);
      expect(await search(String(former.id))).toContain(former.id);
      expect(await search(plain.email)).toEqual([]);
      expect(await search('%')).toEqual([]);
      expect(await search("' OR 1=1 --")).toEqual([]);

      const first = (await get(`/api/master/affiliates?size=50&q=${promo.username}`, admin)).json().content[0];
      expect(first).toEqual({ id: promo.id, username: promo.username, email: promo.email });

      expect((await get('/api/master/affiliates?size=51', admin)).statusCode).toBe(400);
      expect((await get('/api/master/affiliates', fan)).statusCode).toBe(403);
      expect((await get('/api/master/affiliates', promo)).statusCode).toBe(403);
      expect((await get('/api/master/affiliates')).statusCode).toBe(401);
    });

    it("shows any affiliate's sales history as the affiliate sees it", async () => {
      const { user, code } = await newAffiliate();
      const event = await createEvent(t.app);
      await buy(t.app, fan, event.id, drafts(2, 1), { code });
      const own = await statsOf(user);
      expect(own).toHaveLength(1);
      const seen = await get(`/api/master/affiliates/${user.id}/sales-history`, master);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual(own);
      expect((await get(`/api/master/affiliates/${user.id}/sales-history`, admin)).json()).toEqual(own);
      expect((await get(`/api/master/affiliates/${user.id}/sales-history`, user)).statusCode).toBe(403);
      expect((await get(`/api/master/affiliates/${user.id}/sales-history`)).statusCode).toBe(401);
      expect((await get('/api/master/affiliates/999999999/sales-history', admin)).statusCode).toBe(404);
      expect((await get('/api/master/affiliates/abc/sales-history', admin)).statusCode).toBe(400);
    });

    it('own stats are for AFFILIATE, ADMIN and MASTER; a new affiliate has none', async () => {
      const { user } = await newAffiliate();
      expect(await statsOf(user)).toEqual([]);
      expect((await get('/api/affiliate/stats', admin)).statusCode).toBe(200);
      expect((await get('/api/affiliate/stats', master)).statusCode).toBe(200);
      expect((await get('/api/affiliate/stats', fan)).statusCode).toBe(403);
      expect((await get('/api/affiliate/stats')).statusCode).toBe(401);
    });
  });
});
