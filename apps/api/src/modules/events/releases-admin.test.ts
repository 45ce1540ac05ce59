import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import {
  RELEASE_MESSAGES,
  releaseBelowSoldMessage,
  releaseHasSalesMessage,
  releaseTypeLockedMessage,
} from '@fourfour/shared/releases';
import { auditLog } from '../../db/schema/index.ts';
import { appWithFanAndAdmin, createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { draft, reserve, stockOf } from '../tickets/tickets.test-kit.ts';
import { signedForm } from './events.test-kit.ts';
import {
  listed,
  localIn,
  openCheckout,
  payLocal,
  pricesOf,
  putReleases,
  releaseCounts,
  releaseRows,
  saveLadder,
} from './releases.test-kit.ts';

/** Ticket releases (issue 20): the admin's GET and PUT, the event's totals and prices, the audit. */
describe('administering ticket releases', () => {
  let t: TestApp;
  let admin: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    ({ t, admin, fan } = await appWithFanAndAdmin({ RATE_LIMIT: 'off' }));
  });
  afterAll(async () => t?.close());

  const put = (eventId: number, releases: unknown[]) => putReleases(t.app, admin, eventId, releases);
  const getReleases = (eventId: number) =>
    t.app.inject({ url: `/api/admin/events/${eventId}/releases`, headers: admin.headers });
  const auditOf = (eventId: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'event'), eq(auditLog.entityId, String(eventId))))
      .orderBy(auditLog.id);
  const release = (overrides: Record<string, unknown> = {}) => ({
    ticketType: 'STANDARD',
    name: 'Early bird',
    price: 10,
    quantity: 5,
    ...overrides,
  });

  it('answers every release in ladder order, hidden ones with their codes, with sold, held and left', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 0 });
    const start = localIn(t.app, 24 * 60);
    const end = localIn(t.app, 48 * 60);
    const saved = await put(event.id, [
      release({ ticketType: 'VIP', name: 'VIP', price: 40, quantity: 4 }),
      release({ name: 'Friends', price: 6, quantity: 2, unlockCode: ' friends-44 ' }),
      release({ name: 'Members', price: 8, quantity: 3, membersOnlyTier: 'HEADLINER' }),
      release({ name: 'Final', price: 20.5, quantity: 10, salesStart: start, salesEnd: end }),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    await reserve(t.app, fan, event.id, [draft('VIP')]);
    const res = await getReleases(event.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().releases.map((r: Record<string, unknown>) => ({ ...r, id: typeof r.id }))).toEqual([
      {
        id: 'number',
        ticketType: 'STANDARD',
        position: 1,
        name: 'Friends',
        price: 6,
        quantity: 2,
        sold: 0,
        held: 0,
        left: 2,
        state: 'ON_SALE',
        salesStart: null,
        salesEnd: null,
        unlockCode: 'FRIENDS-44',
        membersOnlyTier: null,
      },
      expect.objectContaining({ position: 2, name: 'Members', membersOnlyTier: 'HEADLINER', unlockCode: null }),
      expect.objectContaining({
        position: 3,
        name: 'Final',
        price: 20.5,
        state: 'UPCOMING',
        salesStart: `${start}:00`,
        salesEnd: `${end}:00`,
      }),
      expect.objectContaining({ ticketType: 'VIP', position: 1, name: 'VIP', sold: 0, held: 1, left: 3 }),
    ]);
    // The PUT answers the same list.
    expect(saved.json().releases.map((r: { name: string }) => r.name)).toEqual(['Friends', 'Members', 'Final', 'VIP']);
    expect((await getReleases(987_654)).statusCode).toBe(404);
    expect((await put(987_654, [release()])).statusCode).toBe(404);
  });

  it('changes releases by id, keeps their counters, and renumbers each type in the order sent', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const [early, tier2] = await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird', quantity: 2 }),
      release({ name: 'Tier 2', price: 15, quantity: 5 }),
    ]);
    await reserve(t.app, fan, event.id, [draft()]);
    // Reordered, renamed, re-priced and grown; a new release added in between.
    const res = await put(event.id, [
      release({ id: tier2!.id, name: 'Second', price: 16, quantity: 6 }),
      release({ name: 'New', price: 12, quantity: 1 }),
      release({ id: early!.id, name: 'First', price: 9, quantity: 1 }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .releases.map((r: Record<string, unknown>) => [r.id === early!.id, r.position, r.name, r.price, r.held]),
    ).toEqual([
      [false, 1, 'Second', 16, 0],
      [false, 2, 'New', 12, 0],
      [true, 3, 'First', 9, 1],
    ]);
    // The ladder follows the new order: Second is now the current release.
    expect((await reserve(t.app, fan, event.id, [draft()])).json().tickets[0].price).toBe(16);
  });

  it('refuses to shrink, delete or change the type of a release with sales, naming it (409), and changes nothing', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const [early, tier2, spare] = await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird', quantity: 3 }),
      release({ name: 'Tier 2', price: 15, quantity: 5 }),
      release({ name: 'Spare', price: 15, quantity: 5 }),
    ]);
    const buyer = await createUser(t.app);
    const held = await reserve(t.app, buyer, event.id, [draft(), draft()]);
    const paid = await reserve(t.app, fan, event.id, [draft(), draft()]);
    expect(await payLocal(t.app, fan, await openCheckout(t.app, fan, paid.json().reservationToken))).toBe('FULFILLED');
    expect(held.statusCode).toBe(200);
    // Early bird: 1 sold + 2 held; tier 2: 1 sold.
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 1, 2],
      ['Tier 2', 1, 0],
      ['Spare', 0, 0],
    ]);
    const before = await releaseRows(t.app, event.id);
    const audits = (await auditOf(event.id)).length;
    const keep = [release({ id: early!.id, quantity: 3 }), release({ id: tier2!.id, name: 'Tier 2', price: 15 })];

    const shrink = await put(event.id, [release({ id: early!.id, quantity: 2 }), ...keep.slice(1)]);
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json()).toMatchObject({
      code: 'RELEASE_BELOW_SOLD',
      message: releaseBelowSoldMessage('Early bird', 3),
    });
    const deleted = await put(event.id, keep.slice(0, 1));
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'RELEASE_HAS_SALES', message: releaseHasSalesMessage('Tier 2') });
    const retyped = await put(event.id, [keep[0], { ...keep[1], ticketType: 'VIP' }]);
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json()).toMatchObject({ code: 'RELEASE_HAS_SALES', message: releaseTypeLockedMessage('Tier 2') });
    expect(await releaseRows(t.app, event.id)).toEqual(before);
    expect(await auditOf(event.id)).toHaveLength(audits);

    // Down to exactly what it has sold and holds is fine; a release without sales may go or change type.
    const fine = await put(event.id, [
      release({ id: early!.id, quantity: 3 }),
      release({ id: tier2!.id, name: 'Tier 2', price: 15, quantity: 1 }),
      release({ ticketType: 'VIP', name: 'VIP only', price: 40, quantity: 2 }),
    ]);
    expect(fine.statusCode, fine.body).toBe(200);
    const pruned = await saveLadder(t.app, admin, event.id, [
      release({ id: early!.id, quantity: 3 }),
      release({ id: tier2!.id, name: 'Tier 2', price: 15, quantity: 1 }),
    ]);
    expect(pruned.map((r) => r.name)).toEqual(['Early bird', 'Tier 2']);
    expect((await releaseRows(t.app, event.id)).some((r) => r.id === spare!.id)).toBe(false);
  });

  const invalid: [string, unknown[], string][] = [
    ['an empty name', [release({ name: '' })], RELEASE_MESSAGES.nameRequired],
    ['a blank name', [release({ name: '   ' })], RELEASE_MESSAGES.nameRequired],
    ['a name over 60 characters', [release({ name: 'x'.repeat(61) })], RELEASE_MESSAGES.nameRequired],
    ['a negative quantity', [release({ quantity: -1 })], RELEASE_MESSAGES.quantityInvalid],
    ['a fractional quantity', [release({ quantity: 1.5 })], RELEASE_MESSAGES.quantityInvalid],
    ['a quantity as text', [release({ quantity: '5' })], RELEASE_MESSAGES.quantityInvalid],
    ['a price with three decimals', [release({ price: 10.005 })], EVENT_MESSAGES.priceInvalid],
    ['a negative price', [release({ price: -1 })], EVENT_MESSAGES.priceInvalid],
    [
      'a price of £0 (a release would issue tickets for nothing)',
      [release({ price: 0 })],
      RELEASE_MESSAGES.priceRequired,
    ],
    ['a date with a space', [release({ salesStart: '2030-07-04 20:00' })], RELEASE_MESSAGES.datesInvalid],
    ['a date in another format', [release({ salesEnd: '04/07/2030 20:00' })], RELEASE_MESSAGES.datesInvalid],
    ['a date that is a word', [release({ salesStart: 'tomorrow' })], RELEASE_MESSAGES.datesInvalid],
    ['a 30th of February', [release({ salesStart: '2030-02-30T10:00' })], RELEASE_MESSAGES.datesInvalid],
    ['a 13th month', [release({ salesEnd: '2030-13-01T10:00' })], RELEASE_MESSAGES.datesInvalid],
    ['a 25th hour', [release({ salesStart: '2030-07-04T25:00' })], RELEASE_MESSAGES.datesInvalid],
    ['a 61st minute', [release({ salesStart: '2030-07-04T20:61' })], RELEASE_MESSAGES.datesInvalid],
    [
      'an end before the start',
      [release({ salesStart: '2030-07-04T20:00', salesEnd: '2030-07-04T19:59' })],
      RELEASE_MESSAGES.endBeforeStart,
    ],
    [
      'an end at the start',
      [release({ salesStart: '2030-07-04T20:00', salesEnd: '2030-07-04T20:00' })],
      RELEASE_MESSAGES.endBeforeStart,
    ],
    ['a code too short', [release({ unlockCode: 'ab' })], RELEASE_MESSAGES.codeFormat],
    ['a code too long', [release({ unlockCode: 'x'.repeat(33) })], RELEASE_MESSAGES.codeFormat],
    ['a code with a space', [release({ unlockCode: 'two words' })], RELEASE_MESSAGES.codeFormat],
    ['a code with an accent', [release({ unlockCode: 'café-44' })], RELEASE_MESSAGES.codeFormat],
    ['a members tier of NONE', [release({ membersOnlyTier: 'NONE' })], ''],
    ['an unknown ticket type', [release({ ticketType: 'BACKSTAGE' })], ''],
    ['21 releases', Array.from({ length: 21 }, (_, i) => release({ name: `R${i}` })), RELEASE_MESSAGES.tooMany],
  ];

  it.each(invalid)('refuses %s with 400', async (_what, releases, message) => {
    const event = await createEvent(t.app);
    const res = await put(event.id, releases);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await releaseRows(t.app, event.id)).toEqual([]);
    expect(await auditOf(event.id)).toEqual([]);
  });

  it('accepts exactly 20 releases', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 0 });
    const twenty = Array.from({ length: 20 }, (_, i) =>
      release({ ticketType: i % 2 ? 'VIP' : 'STANDARD', name: `R${i}`, quantity: 1 }),
    );
    expect((await put(event.id, twenty)).statusCode).toBe(200);
  });

  it('refuses an id of another event’s release and the same id twice (400)', async () => {
    const other = await createEvent(t.app);
    const [foreign] = await saveLadder(t.app, admin, other.id, [release()]);
    const event = await createEvent(t.app);
    const [own] = await saveLadder(t.app, admin, event.id, [release()]);
    const stolen = await put(event.id, [release({ id: own!.id }), release({ id: foreign!.id })]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({
      message: RELEASE_MESSAGES.notThisEvent,
      errors: [{ field: 'releases.1.id', message: RELEASE_MESSAGES.notThisEvent }],
    });
    const twice = await put(event.id, [release({ id: own!.id }), release({ id: own!.id, name: 'Again' })]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: RELEASE_MESSAGES.duplicateId,
      errors: [{ field: 'releases.1.id', message: RELEASE_MESSAGES.duplicateId }],
    });
    // The other event's release is untouched.
    expect((await releaseRows(t.app, other.id)).map((r) => [r.id, r.eventId])).toEqual([[foreign!.id, other.id]]);
  });

  it('sets the event’s totals to its releases plus what it sold before it had any; the list shows the public sum', async () => {
    const event = await createEvent(t.app, { totalStandard: 100, totalVip: 20, vipPricePence: 5000 });
    // Three tickets sold and one held at the event's own price, before any release.
    const paid = await reserve(t.app, fan, event.id, [draft(), draft(), draft()]);
    expect(await payLocal(t.app, fan, await openCheckout(t.app, fan, paid.json().reservationToken))).toBe('FULFILLED');
    await reserve(t.app, await createUser(t.app), event.id, [draft()]);
    const saved = await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird', price: 10, quantity: 20 }),
      release({ name: 'Friends', price: 5, quantity: 10, unlockCode: 'FRIENDS-1' }),
      release({ name: 'Tier 2', price: 15, quantity: 30 }),
    ]);
    // 60 in releases (hidden included) + 3 sold + 1 held before: 64. VIP has no releases: as it was.
    expect(await stockOf(t.app, event.id)).toMatchObject({
      hasReleases: true,
      totalStandard: 64,
      soldStandard: 3,
      heldStandard: 1,
      totalVip: 20,
      vipPricePence: 5000,
    });
    expect(await listed(t.app, event.id)).toMatchObject({
      totalStandardTickets: 50,
      remainingStandardTickets: 50,
      standardTicketPrice: 10,
      totalVipTickets: 20,
      vipTicketPrice: 50,
    });
    // Grown and shrunk again: the totals follow, counting the releases' own sales once.
    await reserve(t.app, fan, event.id, [draft(), draft()]);
    await saveLadder(t.app, admin, event.id, [
      release({ id: saved[0]!.id, name: 'Early bird', price: 10, quantity: 25 }),
      release({ id: saved[2]!.id, name: 'Tier 2', price: 15, quantity: 5 }),
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ totalStandard: 34, heldStandard: 3, soldStandard: 3 });
    expect(await listed(t.app, event.id)).toMatchObject({ totalStandardTickets: 30, remainingStandardTickets: 28 });
  });

  it('without any release left, the event sells from its own counters: the last ladder’s total and top price', async () => {
    const event = await createEvent(t.app, { totalStandard: 100, standardPricePence: 2000 });
    await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird', price: 10, quantity: 5 }),
      release({ name: 'Tier 2', price: 15, quantity: 5 }),
    ]);
    await saveLadder(t.app, admin, event.id, []);
    expect(await stockOf(t.app, event.id)).toMatchObject({
      hasReleases: false,
      totalStandard: 10,
      standardPricePence: 1500,
    });
    expect(await listed(t.app, event.id)).toMatchObject({
      releases: [],
      totalStandardTickets: 10,
      standardTicketPrice: 15,
    });
    const plain = await reserve(t.app, fan, event.id, [draft()]);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().tickets).toEqual([{ ticketType: 'STANDARD', price: 15, releaseId: null }]);
  });

  it('audits every change of the ladder as event.releases', async () => {
    const event = await createEvent(t.app, { totalStandard: 0 });
    const [first] = await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird' }),
      release({ name: 'Secret', unlockCode: 'SECRET-1', membersOnlyTier: 'ENTRY' }),
    ]);
    await saveLadder(t.app, admin, event.id, [release({ id: first!.id, name: 'Early bird', quantity: 7 })]);
    const entries = await auditOf(event.id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['event.releases', admin.id],
      ['event.releases', admin.id],
    ]);
    expect(entries[0]!.details).toEqual({
      releases: [
        {
          id: null,
          ticketType: 'STANDARD',
          name: 'Early bird',
          price: 10,
          quantity: 5,
          hidden: false,
          membersOnlyTier: null,
        },
        {
          id: null,
          ticketType: 'STANDARD',
          name: 'Secret',
          price: 10,
          quantity: 5,
          hidden: true,
          membersOnlyTier: 'ENTRY',
        },
      ],
      deleted: [],
    });
    // The code itself is not written to the audit log.
    expect(JSON.stringify(entries)).not.toContain('SECRET-1');
    expect(entries[1]!.details).toMatchObject({
      releases: [{ id: first!.id, quantity: 7 }],
      deleted: [expect.any(Number)],
    });
  });

  it('locks the releases of a cancelled or started event (409)', async () => {
    const cancelled = await createEvent(t.app, { cancelled: true });
    const res = await put(cancelled.id, [release()]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EVENT_CANCELLED', message: EVENT_MESSAGES.cancelledLocked });
    const started = await createEvent(t.app, { startsAt: new Date(Date.now() - 60_000) });
    const past = await put(started.id, [release()]);
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'EVENT_PAST', message: EVENT_MESSAGES.pastLocked });
    expect(await releaseRows(t.app, cancelled.id)).toEqual([]);
    expect(await releaseRows(t.app, started.id)).toEqual([]);
    // Reading them is still allowed.
    expect((await getReleases(cancelled.id)).json()).toEqual({ releases: [] });
  });

  it('the event edit keeps a laddered type’s totals and prices, and changes the other type’s', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, totalVip: 20, vipPricePence: 5000 });
    await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird', price: 10, quantity: 5 }),
      release({ name: 'Tier 2', price: 15, quantity: 5 }),
    ]);
    const before = await stockOf(t.app, event.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}`,
      ...signedForm(admin, {
        title: 'Renamed night',
        totalStandardTickets: 500,
        standardTicketPrice: 1,
        totalVipTickets: 25,
        vipTicketPrice: 55,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed night',
      totalStandardTickets: 10,
      standardTicketPrice: 10,
      totalVipTickets: 25,
      vipTicketPrice: 55,
    });
    expect(await stockOf(t.app, event.id)).toMatchObject({
      totalStandard: before.totalStandard,
      standardPricePence: before.standardPricePence,
      totalVip: 25,
      vipPricePence: 5500,
    });
    expect(pricesOf(await reserve(t.app, fan, event.id, [draft()]))).toEqual([10]);
  });

  it('the prices call refuses a laddered type’s price (409) and changes the other type’s', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, vipPricePence: 5000 });
    await saveLadder(t.app, admin, event.id, [release({ name: 'Early bird', price: 10, quantity: 5 })]);
    const prices = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/events/${event.id}/prices`, headers: admin.headers, payload });
    const refused = await prices({ standardTicketPrice: 12, vipTicketPrice: 60 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRICES_IN_RELEASES', message: RELEASE_MESSAGES.pricesInReleases });
    expect(await stockOf(t.app, event.id)).toMatchObject({ vipPricePence: 5000, standardPricePence: 1000 });
    const vipOnly = await prices({ vipTicketPrice: 60 });
    expect(vipOnly.statusCode, vipOnly.body).toBe(200);
    expect(vipOnly.json()).toMatchObject({ vipTicketPrice: 60, standardTicketPrice: 10 });
    expect(pricesOf(await reserve(t.app, fan, event.id, [draft(), draft('VIP')]))).toEqual([10, 60]);
  });

  it('the prices call accepts back, unchanged, the laddered price the admin event shows', async () => {
    const event = await createEvent(t.app, { totalStandard: 0, vipPricePence: 5000 });
    await saveLadder(t.app, admin, event.id, [
      release({ name: 'Early bird', price: 10, quantity: 5 }),
      release({ name: 'Tier 2', price: 15, quantity: 5 }),
    ]);
    const shown = (await t.app.inject({ url: `/api/admin/events/${event.id}`, headers: admin.headers })).json();
    expect(shown.standardTicketPrice).toBe(10);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/prices`,
      headers: admin.headers,
      payload: { standardTicketPrice: shown.standardTicketPrice, vipTicketPrice: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
