import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_MESSAGES } from '@fourfour/shared/releases';
import { events, reservations, ticketReleases } from '../../db/schema/index.ts';
import { appWithFanAndAdmin, createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { releaseExpiredHolds } from '../tickets/reserve.service.ts';
import { draft, reserve, stockOf } from '../tickets/tickets.test-kit.ts';
import { lapse, listed as listedNow, localIn, pricesOf, releaseCounts, saveLadder } from './releases.test-kit.ts';

/** Ticket releases (issue 20): the ladder, presale codes, members-only releases, at the API. */
describe('ticket releases', () => {
  let t: TestApp;
  let fan: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    ({ t, fan, admin } = await appWithFanAndAdmin({ RATE_LIMIT: 'off' }));
  });
  afterAll(async () => t?.close());

  const put = (eventId: number, releases: unknown[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/releases`,
      headers: admin.headers,
      payload: { releases },
    });
  const listed = async (eventId: number) => {
    const list = (await t.app.inject({ url: '/api/events/list' })).json() as { id: number }[];
    return list.find((e) => e.id === eventId) as unknown as Record<string, unknown> & {
      releases: Record<string, unknown>[];
    };
  };

  const adminHeaders = () => admin.headers;
  const releaseRowsOf = (eventId: number) =>
    t.app.db.select().from(ticketReleases).where(eq(ticketReleases.eventId, eventId));

  it('sells the early bird first, then tier 2 at once, and an order across the boundary shows both prices', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 10 });
    const saved = await put(event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 2 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 3 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    let summary = await listed(event.id);
    expect(summary.totalStandardTickets).toBe(5);
    expect(summary.standardTicketPrice).toBe(10);
    expect(summary.releases.map((r) => [r.name, r.state, r.remaining])).toEqual([
      ['Early bird', 'ON_SALE', 2],
      ['Tier 2', 'ON_SALE', 3],
    ]);

    const first = await reserve(t.app, fan, event.id, [draft()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().totalAmount).toBe(10);
    const across = await reserve(t.app, fan, event.id, [draft(), draft()]);
    expect(across.statusCode, across.body).toBe(200);
    expect(across.json().tickets.map((x: { price: number }) => x.price)).toEqual([10, 15]);
    expect(across.json().totalAmount).toBe(25);
    const stock = await stockOf(t.app, event.id);
    expect(stock.heldStandard).toBe(3);
    const rows = await t.app.db.select().from(ticketReleases).where(eq(ticketReleases.eventId, event.id));
    expect(rows.map((r) => [r.name, r.held]).sort()).toEqual([
      ['Early bird', 2],
      ['Tier 2', 1],
    ]);
    // The list is cached for a few seconds: it shows tier 2 once its copy is refreshed.
    await expect
      .poll(
        async () => {
          summary = await listed(event.id);
          return [summary.standardTicketPrice, summary.remainingStandardTickets];
        },
        { timeout: 10_000, interval: 500 },
      )
      .toEqual([15, 2]);
    // Too many for what is left: refused, nothing held.
    const tooMany = await reserve(t.app, fan, event.id, [draft(), draft(), draft()]);
    expect(tooMany.statusCode).toBe(409);
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(3);
  });

  it('brings the early bird back when its holds lapse', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await put(event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 1 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 3 },
    ]);
    const held = await reserve(t.app, fan, event.id, [draft()]);
    expect(held.json().totalAmount).toBe(10);
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(reservations.id, held.json().reservationToken));
    await releaseExpiredHolds(t.app.db, event.id);
    const again = await reserve(t.app, fan, event.id, [draft()]);
    expect(again.json().totalAmount).toBe(10);
  });

  it('opens a hidden presale only with its code; a wrong code is 400', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await put(event.id, [
      { ticketType: 'STANDARD', name: 'Friends presale', price: 8, quantity: 5, unlockCode: 'friends-44' },
      { ticketType: 'STANDARD', name: 'General', price: 20, quantity: 5 },
    ]);
    const summary = await listed(event.id);
    expect(summary.releases.map((r) => r.name)).toEqual(['General']);
    expect(summary.totalStandardTickets).toBe(5);
    const wrong = await reserve(t.app, fan, event.id, [draft()], undefined, 'NOPE-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(RELEASE_MESSAGES.codeInvalid);
    const plain = await reserve(t.app, fan, event.id, [draft()]);
    expect(plain.json().totalAmount).toBe(20);
    const coded = await reserve(t.app, fan, event.id, [draft()], undefined, 'Friends-44');
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json().totalAmount).toBe(8);
    const unlocked = await t.app.inject({
      url: `/api/events/${event.id}/releases?unlockCode=friends-44`,
      headers: fan.headers,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().releases.map((r: { name: string }) => r.name)).toEqual(['Friends presale', 'General']);
  });

  it('refuses to shrink a release below its sales or delete one that has them', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const saved = (
      await put(event.id, [{ ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 3 }])
    ).json();
    const id = saved.releases[0].id;
    expect((await reserve(t.app, fan, event.id, [draft(), draft()])).statusCode).toBe(200);
    const shrink = await put(event.id, [{ id, ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 1 }]);
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().message).toContain('Early bird');
    const gone = await put(event.id, []);
    expect(gone.statusCode).toBe(409);
  });
  it('leaves an event without releases as it was: releases [] and its own figures', async () => {
    const event = await createEvent(t.app, { totalStandard: 40, totalVip: 5, standardPricePence: 1250 });
    const before = await listedNow(t.app, event.id);
    expect(before).toMatchObject({
      releases: [],
      totalStandardTickets: 40,
      remainingStandardTickets: 40,
      standardTicketPrice: 12.5,
      standardPrice: 12.5,
      totalVipTickets: 5,
      vipTicketPrice: 50,
    });
    const held = await reserve(t.app, fan, event.id, [draft(), draft('VIP')]);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().tickets).toEqual([
      { ticketType: 'STANDARD', price: 12.5, releaseId: null },
      { ticketType: 'VIP', price: 50, releaseId: null },
    ]);
    expect(await listedNow(t.app, event.id)).toMatchObject({
      releases: [],
      remainingStandardTickets: 39,
      remainingVipTickets: 4,
    });
    const admin = await t.app.inject({ url: `/api/admin/events/${event.id}/releases`, headers: adminHeaders() });
    expect(admin.json()).toEqual({ releases: [] });
  });

  // The server remembers which events sell in releases, to send their holds straight to the whole
  // hold statement (reserve.service.ts); what it remembers must never price a ticket.
  it('prices at the releases once an event held at one price starts selling in them, and at one price once they go', async () => {
    const event = await createEvent(t.app, { totalStandard: 20, totalVip: 0, standardPricePence: 2000 });
    const buyers = await Promise.all(Array.from({ length: 3 }, () => createUser(t.app)));
    const first = await reserve(t.app, buyers[0]!, event.id, [draft()]);
    expect(first.json().tickets).toEqual([{ ticketType: 'STANDARD', price: 20, releaseId: null }]);
    const [early] = await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 10 },
    ]);
    const second = await reserve(t.app, buyers[1]!, event.id, [draft()]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().tickets).toEqual([{ ticketType: 'STANDARD', price: 10, releaseId: early!.id }]);
    await lapse(t.app, second.json().reservationToken);
    await releaseExpiredHolds(t.app.db, event.id);
    const removed = await put(event.id, []);
    expect(removed.statusCode, removed.body).toBe(200);
    // At the event's own price again (the ladder's save set it to what the ladder sold at).
    const [own] = await t.app.db
      .select({ pence: events.standardPricePence, inReleases: events.hasReleases })
      .from(events)
      .where(eq(events.id, event.id));
    expect(own!.inReleases).toBe(false);
    const third = await reserve(t.app, buyers[2]!, event.id, [draft()]);
    expect(third.json().tickets).toEqual([{ ticketType: 'STANDARD', price: own!.pence / 100, releaseId: null }]);
  });

  it('opens the next release the moment one sells out, per ticket type', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'VIP', name: 'VIP early', price: 30, quantity: 1 },
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 2 },
      { ticketType: 'VIP', name: 'VIP final', price: 45, quantity: 2 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 2 },
      { ticketType: 'STANDARD', name: 'Final', price: 20, quantity: 2 },
    ]);
    // Exactly the early bird: nothing of tier 2 is taken yet.
    const two = await reserve(t.app, fan, event.id, [draft(), draft()]);
    expect(pricesOf(two)).toEqual([10, 10]);
    let summary = await listedNow(t.app, event.id);
    expect(summary!.releases.map((r) => [r.ticketType, r.name, r.state, r.remaining])).toEqual([
      ['STANDARD', 'Early bird', 'SOLD_OUT', 0],
      ['STANDARD', 'Tier 2', 'ON_SALE', 2],
      ['STANDARD', 'Final', 'ON_SALE', 2],
      ['VIP', 'VIP early', 'ON_SALE', 1],
      ['VIP', 'VIP final', 'ON_SALE', 2],
    ]);
    expect(summary).toMatchObject({ standardTicketPrice: 15, remainingStandardTickets: 4, vipTicketPrice: 30 });
    const next = await reserve(t.app, fan, event.id, [draft(), draft('VIP'), draft('VIP')]);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().tickets.map((x: { ticketType: string; price: number }) => [x.ticketType, x.price])).toEqual([
      ['STANDARD', 15],
      ['VIP', 30],
      ['VIP', 45],
    ]);
    expect(next.json().totalAmount).toBe(90);
    // Each ticket names the release it was held in.
    const ids = new Map((await releaseRowsOf(event.id)).map((r) => [r.name, r.id]));
    expect(next.json().tickets.map((x: { releaseId: number }) => x.releaseId)).toEqual([
      ids.get('Tier 2'),
      ids.get('VIP early'),
      ids.get('VIP final'),
    ]);
    // Across two boundaries at once: the last of tier 2, then the final release.
    const across = await reserve(t.app, fan, event.id, [draft(), draft()]);
    expect(pricesOf(across)).toEqual([15, 20]);
    summary = await listedNow(t.app, event.id);
    expect(summary).toMatchObject({ standardTicketPrice: 20, remainingStandardTickets: 1, vipTicketPrice: 45 });
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 2],
      ['Tier 2', 0, 2],
      ['Final', 0, 1],
      ['VIP early', 0, 1],
      ['VIP final', 0, 1],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ heldStandard: 5, heldVip: 2 });
  });

  it('a reservation that finds lapsed holds sweeps them, and the early bird is current again', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 1 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 3 },
    ]);
    const other = await createUser(t.app);
    const held = await reserve(t.app, other, event.id, [draft()]);
    expect(pricesOf(held)).toEqual([10]);
    await lapse(t.app, held.json().reservationToken);
    // Not swept yet: the next reservation sees the lapsed hold and sweeps it.
    const next = await reserve(t.app, fan, event.id, [draft()]);
    expect(next.statusCode, next.body).toBe(200);
    const [lapsed] = await t.app.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, held.json().reservationToken));
    expect(lapsed!.status).toBe('EXPIRED');
    // This reservation already has the early bird (its hold was redone once the lapsed one went),
    // the next one tier 2.
    const after = await reserve(t.app, fan, event.id, [draft()]);
    expect([pricesOf(next), pricesOf(after)]).toEqual([[10], [15]]);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 1],
      ['Tier 2', 0, 1],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ heldStandard: 2 });
  });

  it('a sold-out ladder with lapsed holds sweeps them and sells the early bird again', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 1 },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 1 },
    ]);
    const other = await createUser(t.app);
    const held = await reserve(t.app, other, event.id, [draft(), draft()]);
    expect(pricesOf(held)).toEqual([10, 15]);
    await lapse(t.app, held.json().reservationToken);
    // Refused at first (everything held), the lapsed holds are released and the hold tried again.
    const again = await reserve(t.app, fan, event.id, [draft()]);
    expect(again.statusCode, again.body).toBe(200);
    expect(pricesOf(again)).toEqual([10]);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 1],
      ['Tier 2', 0, 0],
    ]);
  });

  it('keeps a good hold when the only lapsed hold is of a type without releases', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 10 });
    await saveLadder(t.app, admin, event.id, [{ ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 3 }]);
    const other = await createUser(t.app);
    const vip = await reserve(t.app, other, event.id, [draft('VIP')]);
    await lapse(t.app, vip.json().reservationToken);
    const mine = await reserve(t.app, fan, event.id, [draft()]);
    expect(pricesOf(mine)).toEqual([10]);
    const statuses = await t.app.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.eventId, event.id), eq(reservations.userId, fan.id)));
    expect(statuses.map((r) => r.status)).toEqual(['HELD']);
  });

  it('keeps to each release’s dates: ended and upcoming ones are not sold, and the list says so', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const startsIn = new Date(Date.now() + 90 * 60_000);
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Launch', price: 5, quantity: 10, salesEnd: localIn(t.app, -30) },
      {
        ticketType: 'STANDARD',
        name: 'Presale window',
        price: 8,
        quantity: 10,
        salesStart: localIn(t.app, -120),
        salesEnd: localIn(t.app, 120),
      },
      { ticketType: 'STANDARD', name: 'General', price: 20, quantity: 10, salesStart: localIn(t.app, 90) },
    ]);
    let summary = await listedNow(t.app, event.id);
    expect(summary!.releases.map((r) => [r.name, r.state])).toEqual([
      ['Launch', 'ENDED'],
      ['Presale window', 'ON_SALE'],
      ['General', 'UPCOMING'],
    ]);
    // The upcoming release shows its start (to the minute the editor sets).
    const general = summary!.releases.find((r) => r.name === 'General')!;
    expect(Math.abs(new Date(general.salesStart!).getTime() - startsIn.getTime())).toBeLessThan(60_000);
    expect(summary).toMatchObject({ standardTicketPrice: 8, remainingStandardTickets: 10, totalStandardTickets: 30 });
    // Only the release inside its dates sells; once its ten are gone, nothing does.
    const two = await reserve(t.app, fan, event.id, [draft(), draft()]);
    expect(pricesOf(two)).toEqual([8, 8]);
    const rest = await createUser(t.app);
    const eight = await reserve(
      t.app,
      rest,
      event.id,
      Array.from({ length: 8 }, () => draft()),
    );
    expect(eight.statusCode, eight.body).toBe(200);
    const none = await reserve(t.app, await createUser(t.app), event.id, [draft()]);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOT_ENOUGH_STOCK');
    // Nothing on sale: the list shows the price of the release that opens next, and none remaining.
    summary = await listedNow(t.app, event.id);
    expect(summary).toMatchObject({ standardTicketPrice: 20, remainingStandardTickets: 0 });
    expect(summary!.releases.map((r) => r.state)).toEqual(['ENDED', 'SOLD_OUT', 'UPCOMING']);
    // Once its start is reached, it sells.
    await t.app.db
      .update(ticketReleases)
      .set({ salesStart: new Date(Date.now() - 1000) })
      .where(and(eq(ticketReleases.eventId, event.id), eq(ticketReleases.name, 'General')));
    expect(pricesOf(await reserve(t.app, fan, event.id, [draft()]))).toEqual([20]);
  });

  it('never shows a hidden release without its code: not in the list, not in the releases answer', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const other = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, other.id, [
      { ticketType: 'STANDARD', name: 'Other presale', price: 1, quantity: 5, unlockCode: 'OTHER-CODE' },
    ]);
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Artist friends', price: 6, quantity: 2, unlockCode: 'Friends-44' },
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 5 },
      { ticketType: 'VIP', name: 'VIP list', price: 25, quantity: 2, unlockCode: 'vip-list' },
    ]);
    const summary = await listedNow(t.app, event.id);
    expect(JSON.stringify(summary)).not.toMatch(/Artist friends|VIP list|FRIENDS-44|VIP-LIST/i);
    expect(summary).toMatchObject({ totalStandardTickets: 5, standardTicketPrice: 10, remainingStandardTickets: 5 });
    // A type whose only release is hidden shows nothing to buy.
    expect(summary).toMatchObject({ totalVipTickets: 0, remainingVipTickets: 0 });

    const releasesFor = (code?: string) =>
      t.app.inject({
        url: `/api/events/${event.id}/releases${code === undefined ? '' : `?unlockCode=${encodeURIComponent(code)}`}`,
        headers: fan.headers,
      });
    const plain = await releasesFor();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().releases.map((r: { name: string }) => r.name)).toEqual(['Early bird']);
    expect(plain.json().unlocked).toEqual([]);
    expect(JSON.stringify(plain.json())).not.toMatch(/unlockCode/);
    // The code in any case, with spaces around it, opens its release (and only its own).
    const coded = await releasesFor('  fRiEnDs-44 ');
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json().releases.map((r: { name: string }) => r.name)).toEqual(['Artist friends', 'Early bird']);
    const friends = (await releaseRowsOf(event.id)).find((r) => r.name === 'Artist friends')!;
    expect(coded.json().unlocked).toEqual([friends.id]);
    expect(JSON.stringify(coded.json())).not.toMatch(/FRIENDS-44|unlockCode/i);
    for (const wrong of ['nope-1', 'OTHER-CODE', 'friends-4', 'x'.repeat(40)]) {
      const res = await releasesFor(wrong);
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json().message).toBe(RELEASE_MESSAGES.codeInvalid);
    }
    // Anonymous callers are asked to sign in; an unknown or unpublished event is 404.
    expect((await t.app.inject({ url: `/api/events/${event.id}/releases` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/events/987654/releases', headers: fan.headers })).statusCode).toBe(404);
    const planned = await createEvent(t.app, { status: 'PLANNED' });
    expect((await t.app.inject({ url: `/api/events/${planned.id}/releases`, headers: fan.headers })).statusCode).toBe(
      404,
    );
  });

  it('sells a hidden release only to a buyer who sends its code, and refuses a wrong one with 400', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const other = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, other.id, [
      { ticketType: 'STANDARD', name: 'Other presale', price: 1, quantity: 5, unlockCode: 'OTHER-CODE' },
    ]);
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'General', price: 20, quantity: 5 },
      { ticketType: 'STANDARD', name: 'Friends presale', price: 8, quantity: 2, unlockCode: 'FRIENDS-44' },
    ]);
    // Without the code, the hidden release does not exist for the buyer, wherever it stands in the ladder.
    expect(pricesOf(await reserve(t.app, fan, event.id, [draft()]))).toEqual([20]);
    for (const wrong of ['NOPE-1', 'OTHER-CODE']) {
      const res = await reserve(t.app, fan, event.id, [draft()], undefined, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_UNLOCK_CODE',
        message: RELEASE_MESSAGES.codeInvalid,
        errors: [{ field: 'unlockCode', message: RELEASE_MESSAGES.codeInvalid }],
      });
    }
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(1);
    // With the code (any case) the ladder includes it in its place: after General here.
    const buyer = await createUser(t.app);
    const coded = await reserve(
      t.app,
      buyer,
      event.id,
      Array.from({ length: 6 }, () => draft()),
      undefined,
      'friends-44',
    );
    expect(coded.statusCode, coded.body).toBe(200);
    expect(pricesOf(coded)).toEqual([20, 20, 20, 20, 8, 8]);
    // An empty code is no code.
    const empty = await reserve(t.app, await createUser(t.app), event.id, [draft()], undefined, '');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('NOT_ENOUGH_STOCK');
  });
});
