import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionTier } from '@fourfour/shared/enums';
import { RELEASE_MESSAGES } from '@fourfour/shared/releases';
import { tickets, users } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCheckout, draft, makeAffiliate, makeMember, reserve } from '../tickets/tickets.test-kit.ts';
import { listed, pricesOf, releaseCounts, saveLadder } from './releases.test-kit.ts';

/** A membership as makeMember sets it: tier, verification, subscription status. */
type Membership = readonly [SubscriptionTier, ('VERIFIED' | 'PENDING' | 'NONE')?, ('ACTIVE' | 'CANCELLED' | 'ENDED')?];

/** Ticket releases (issue 20) for particular buyers: members-only releases, affiliates, free tickets, code guessing. */
describe('ticket releases for members, affiliates and free tickets', () => {
  let t: TestApp;
  let admin: TestUser;
  let affiliate: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
    affiliate = await createUser(t.app, { role: 'AFFILIATE' });
    await makeAffiliate(t.app, affiliate.id, `REL${affiliate.id}`);
  });
  afterAll(async () => t?.close());

  /** A fresh account with the given membership (none: a plain fan). */
  async function buyer(membership?: Membership) {
    const user = await createUser(t.app);
    if (membership) await makeMember(t.app, user.id, ...membership);
    return user;
  }

  it('sells a MIDDLE members-only release to active, verified MIDDLE and HEADLINER members only', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Members presale', price: 5, quantity: 10, membersOnlyTier: 'MIDDLE' },
    ]);
    for (const [who, membership] of [
      ['MIDDLE', ['MIDDLE']],
      ['HEADLINER', ['HEADLINER']],
      ['MIDDLE, cancelled but running to its end', ['MIDDLE', 'VERIFIED', 'CANCELLED']],
    ] as const) {
      const res = await reserve(t.app, await buyer(membership), event.id, [draft()]);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(pricesOf(res), who).toEqual([5]);
    }
    const expired = await buyer(['MIDDLE']);
    await t.app.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, expired.id));
    for (const [who, account] of [
      ['a plain fan', await buyer()],
      ['ENTRY', await buyer(['ENTRY'])],
      ['MIDDLE, verification pending', await buyer(['MIDDLE', 'PENDING'])],
      ['MIDDLE, unverified', await buyer(['MIDDLE', 'NONE'])],
      ['MIDDLE, ended', await buyer(['MIDDLE', 'VERIFIED', 'ENDED'])],
      ['MIDDLE, past its expiry', expired],
    ] as const) {
      const res = await reserve(t.app, account, event.id, [draft()]);
      expect(res.statusCode, who).toBe(409);
      expect(res.json(), who).toMatchObject({ code: 'MEMBERS_ONLY', message: RELEASE_MESSAGES.membersOnly });
    }
    expect(await releaseCounts(t.app, event.id)).toEqual([['Members presale', 0, 3]]);
  });

  it('lets everyone else buy the next public release, and lists the members-only one with its tier', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Members presale', price: 5, quantity: 2, membersOnlyTier: 'MIDDLE' },
      { ticketType: 'STANDARD', name: 'General', price: 20, quantity: 2 },
    ]);
    const summary = await listed(t.app, event.id);
    expect(summary!.releases.map((r) => [r.name, r.membersOnlyTier, r.state])).toEqual([
      ['Members presale', 'MIDDLE', 'ON_SALE'],
      ['General', null, 'ON_SALE'],
    ]);
    // The spec's price is what anyone pays now: the first release open to all.
    expect(summary).toMatchObject({ standardTicketPrice: 20, totalStandardTickets: 4, remainingStandardTickets: 4 });
    expect(pricesOf(await reserve(t.app, await buyer(['ENTRY']), event.id, [draft()]))).toEqual([20]);
    expect(pricesOf(await reserve(t.app, await buyer(['MIDDLE']), event.id, [draft(), draft(), draft()]))).toEqual([
      5, 5, 20,
    ]);
    // General is gone; the members' release has nothing left either: a plain "not enough".
    const late = await reserve(t.app, await buyer(), event.id, [draft()]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NOT_ENOUGH_STOCK');
  });

  it('says "not enough" rather than "members only" when the type asked for has nothing for this buyer', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Members presale', price: 5, quantity: 5, membersOnlyTier: 'ENTRY' },
      { ticketType: 'VIP', name: 'VIP list', price: 40, quantity: 2, unlockCode: 'VIP-LIST' },
    ]);
    // VIP is only sold behind a code: without it there is no VIP for anyone, member or not.
    const vip = await reserve(t.app, await buyer(), event.id, [draft('VIP')]);
    expect(vip.statusCode).toBe(409);
    expect(vip.json().code).toBe('NOT_ENOUGH_STOCK');
    const standard = await reserve(t.app, await buyer(), event.id, [draft()]);
    expect(standard.json().code).toBe('MEMBERS_ONLY');
  });

  it('takes the affiliate’s 10% off each release’s price', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, vipPricePence: 4000 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 1 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 12.35, quantity: 5 },
    ]);
    const fan = await buyer();
    const res = await reserve(t.app, fan, event.id, [draft(), draft(), draft('VIP')], `rel${affiliate.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // 12.35 less 10% is 11.115: rounded to the penny as discountedPricePence does (11.12).
    expect(pricesOf(res)).toEqual([9, 11.12, 36]);
    expect(res.json().totalAmount).toBe(56.12);
  });

  it('gives a free STANDARD ticket from the current release at £0, and the rest of the order from the ladder', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 1 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 5 },
    ]);
    const member = await buyer(['MIDDLE']);
    const free = await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true })]);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ totalAmount: 0, tickets: [{ ticketType: 'STANDARD', price: 0 }] });
    const [earlyBird, tier2] = await releaseIdsOf(event.id);
    expect(free.json().tickets[0].releaseId).toBe(earlyBird);
    // A free order needs no payment: the ticket is issued at once, naming its release.
    await createCheckout(t.app, member, free.json().reservationToken);
    const [issued] = await t.app.db.select().from(tickets).where(eq(tickets.userId, member.id));
    expect(issued).toMatchObject({ isFree: true, pricePaidPence: 0, releaseId: earlyBird });
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 1, 0],
      ['Tier 2', 0, 0],
    ]);
    // Another member's free ticket with an affiliate's paid one: free from tier 2 now, the paid one 10% off it.
    const second = await buyer(['ENTRY']);
    const mixed = await reserve(
      t.app,
      second,
      event.id,
      [draft('STANDARD', { useFreeTicket: true }), draft()],
      `REL${affiliate.id}`,
    );
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().tickets).toEqual([
      { ticketType: 'STANDARD', price: 0, releaseId: tier2 },
      { ticketType: 'STANDARD', price: 13.5, releaseId: tier2 },
    ]);
  });

  const releaseIdsOf = async (eventId: number) => {
    const res = await t.app.inject({ url: `/api/admin/events/${eventId}/releases`, headers: admin.headers });
    return (res.json().releases as { id: number }[]).map((r) => r.id);
  };
});

describe('presale codes are limited per account', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
  });
  afterAll(async () => t?.close());

  it('answers 429 to the eleventh request carrying a code in 15 minutes, from any address, right or wrong', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Presale', price: 8, quantity: 50, unlockCode: 'RIGHT-CODE' },
      { ticketType: 'STANDARD', name: 'General', price: 20, quantity: 50 },
    ]);
    const guesser = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const remoteAddress = `198.18.7.${i + 1}`;
      const code = i === 3 ? 'right-code' : `wrong-${i}`;
      const res =
        i % 2 === 0
          ? await t.app.inject({
              method: 'POST',
              url: `/api/tickets/reserve?eventId=${event.id}&unlockCode=${code}`,
              headers: guesser.headers,
              payload: [draft()],
              remoteAddress,
            })
          : await t.app.inject({
              url: `/api/events/${event.id}/releases?unlockCode=${code}`,
              headers: guesser.headers,
              remoteAddress,
            });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBe('TOO_MANY_REQUESTS');
    }
    expect(statuses).toEqual([400, 400, 400, 200, 400, 400, 400, 400, 400, 400, 429, 429]);
    // Even the right code now waits; requests without a code do not count and still pass.
    const right = await t.app.inject({
      url: `/api/events/${event.id}/releases?unlockCode=RIGHT-CODE`,
      headers: guesser.headers,
    });
    expect(right.statusCode).toBe(429);
    expect((await t.app.inject({ url: `/api/events/${event.id}/releases`, headers: guesser.headers })).statusCode).toBe(
      200,
    );
    expect((await reserve(t.app, guesser, event.id, [draft()])).statusCode).toBe(200);
    // Another account is not limited by this one's guesses.
    const other = await createUser(t.app);
    expect((await reserve(t.app, other, event.id, [draft()], undefined, 'right-code')).statusCode).toBe(200);
  });
});
