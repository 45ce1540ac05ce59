import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reservations, tickets } from '../../db/schema/index.ts';
import { appWithFanAndAdmin, createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { type TestApp, waitFor } from '../../../test/helpers.ts';
import {
  lapse,
  openCheckout,
  payLocal,
  pricesOf,
  releaseCounts,
  releaseRows,
  saveLadder,
} from '../events/releases.test-kit.ts';
import { handleProviderEvent } from '../payments/payments.service.ts';
import { cancelEventTickets } from './refunds.service.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { draft, reserve, stockOf } from './tickets.test-kit.ts';

/** Ticket releases (issue 20) through payment: sale, late payment, provider refund, cancellation. */
describe('ticket releases through payment', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    ({ t, admin } = await appWithFanAndAdmin({ RATE_LIMIT: 'off' }));
  });
  afterAll(async () => t?.close());

  /** An event selling STANDARD in two releases: Early bird (£10) and Tier 2 (£15). */
  async function ladderEvent(earlyBird: number, tier2: number) {
    const event = await createEvent(t.app, { totalStandard: 0 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: earlyBird },
      { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: tier2 },
    ]);
    const ids = (await releaseRows(t.app, event.id)).map((r) => r.id);
    return { event, earlyBird: ids[0]!, tier2: ids[1]! };
  }
  async function reserveOk(user: TestUser, eventId: number, count: number) {
    const res = await reserve(
      t.app,
      user,
      eventId,
      Array.from({ length: count }, () => draft()),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  const ticketsOf = (user: TestUser, eventId: number) =>
    t.app.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, user.id), eq(tickets.eventId, eventId)))
      .orderBy(tickets.pricePaidPence);

  it('moves each release’s held tickets to sold when the order is paid, and names the release on each ticket', async () => {
    const { event, earlyBird, tier2 } = await ladderEvent(2, 5);
    const buyer = await createUser(t.app);
    const res = await reserveOk(buyer, event.id, 3);
    expect(pricesOf(res)).toEqual([10, 10, 15]);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 2],
      ['Tier 2', 0, 1],
    ]);
    const session = await openCheckout(t.app, buyer, res.json().reservationToken);
    expect(await payLocal(t.app, buyer, session)).toBe('FULFILLED');
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 2, 0],
      ['Tier 2', 1, 0],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ soldStandard: 3, heldStandard: 0 });
    expect((await ticketsOf(buyer, event.id)).map((x) => [x.pricePaidPence, x.releaseId])).toEqual([
      [1000, earlyBird],
      [1000, earlyBird],
      [1500, tier2],
    ]);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order!.amountPence).toBe(3500);
  });

  it('gives a release its holds back when the checkout is cancelled or expires', async () => {
    const { event } = await ladderEvent(1, 5);
    const buyer = await createUser(t.app);
    const res = await reserveOk(buyer, event.id, 2);
    const session = await openCheckout(t.app, buyer, res.json().reservationToken);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${session}/cancel`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 0],
      ['Tier 2', 0, 0],
    ]);
    const swept = await reserveOk(buyer, event.id, 2);
    await lapse(t.app, swept.json().reservationToken);
    expect(await releaseExpiredHolds(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 0],
      ['Tier 2', 0, 0],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ heldStandard: 0, soldStandard: 0 });
  });

  it('a payment after the hold lapsed takes the same releases again while they have the stock', async () => {
    const { event, earlyBird, tier2 } = await ladderEvent(1, 5);
    const buyer = await createUser(t.app);
    const res = await reserveOk(buyer, event.id, 2);
    const session = await openCheckout(t.app, buyer, res.json().reservationToken);
    await lapse(t.app, res.json().reservationToken);
    await releaseExpiredHolds(t.app.db, event.id);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 0],
      ['Tier 2', 0, 0],
    ]);
    expect(await payLocal(t.app, buyer, session)).toBe('FULFILLED');
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 1, 0],
      ['Tier 2', 1, 0],
    ]);
    expect((await ticketsOf(buyer, event.id)).map((x) => [x.pricePaidPence, x.releaseId])).toEqual([
      [1000, earlyBird],
      [1500, tier2],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ soldStandard: 2, heldStandard: 0 });
  });

  it('a late payment is refunded whole when its release sold out meanwhile, though a later one has stock', async () => {
    const { event } = await ladderEvent(1, 5);
    const late = await createUser(t.app);
    const res = await reserveOk(late, event.id, 1);
    expect(pricesOf(res)).toEqual([10]);
    const session = await openCheckout(t.app, late, res.json().reservationToken);
    await lapse(t.app, res.json().reservationToken);
    await releaseExpiredHolds(t.app.db, event.id);
    // Someone else buys the early bird once the hold is gone.
    const other = await createUser(t.app);
    const taken = await reserveOk(other, event.id, 1);
    expect(pricesOf(taken)).toEqual([10]);
    const otherSession = await openCheckout(t.app, other, taken.json().reservationToken);
    expect(await payLocal(t.app, other, otherSession)).toBe('FULFILLED');
    const counts = await releaseCounts(t.app, event.id);
    expect(counts[0]).toEqual(['Early bird', 1, 0]);

    expect(await payLocal(t.app, late, session)).toBe('TIMEOUT_REFUND_TRIGGERED');
    const order = await waitFor(async () => {
      const [o] = await t.app.db.select().from(orders).where(eq(orders.reservationId, res.json().reservationToken));
      return o?.status === 'REFUNDED' && o;
    });
    expect(order).toMatchObject({ outcome: 'REFUNDED_TIMEOUT', refundReason: 'TIMEOUT' });
    expect(await ticketsOf(late, event.id)).toHaveLength(0);
    // Nothing of the late order stays counted: not in its release, not in tier 2, not on the event.
    expect(await releaseCounts(t.app, event.id)).toEqual(counts);
    expect(await stockOf(t.app, event.id)).toMatchObject({ soldStandard: 1, heldStandard: counts[1]![2] });
  });

  it('a refund made at the provider gives each release its sales back, and the early bird is current again', async () => {
    const { event } = await ladderEvent(1, 5);
    const buyer = await createUser(t.app);
    const res = await reserveOk(buyer, event.id, 2);
    const session = await openCheckout(t.app, buyer, res.json().reservationToken);
    expect(await payLocal(t.app, buyer, session)).toBe('FULFILLED');
    expect(pricesOf(await reserveOk(await createUser(t.app), event.id, 1))).toEqual([15]);

    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id));
    await t.app.payments.refund({ paymentId: order!.providerPaymentId!, idempotencyKey: `support:${order!.id}` });
    const refunded = {
      id: `local_evt_release_refund_${order!.id}`,
      type: 'charge.refunded',
      objectId: 'ch_local',
      object: { payment_intent: order!.providerPaymentId },
    };
    expect(await handleProviderEvent(t.app, refunded)).toBe('applied');
    expect(await handleProviderEvent(t.app, refunded)).toBe('duplicate');
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 0, 0],
      ['Tier 2', 0, 1],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ soldStandard: 0, heldStandard: 1 });
    expect(pricesOf(await reserveOk(await createUser(t.app), event.id, 1))).toEqual([10]);
  });

  it('cancelling the event releases the releases’ holds and keeps their sales as history', async () => {
    const { event } = await ladderEvent(2, 5);
    const payer = await createUser(t.app);
    const paid = await reserveOk(payer, event.id, 1);
    expect(await payLocal(t.app, payer, await openCheckout(t.app, payer, paid.json().reservationToken))).toBe(
      'FULFILLED',
    );
    await reserveOk(await createUser(t.app), event.id, 3);
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 1, 1],
      ['Tier 2', 0, 2],
    ]);
    await t.app.db.execute(sql`UPDATE events SET cancelled = true, cancelled_at = now() WHERE id = ${event.id}`);
    await cancelEventTickets(t.app, event.id);
    await cancelEventTickets(t.app, event.id); // a retried job changes nothing more
    expect(await releaseCounts(t.app, event.id)).toEqual([
      ['Early bird', 1, 0],
      ['Tier 2', 0, 0],
    ]);
    expect(await stockOf(t.app, event.id)).toMatchObject({ soldStandard: 1, heldStandard: 0 });
    const held = await t.app.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.eventId, event.id), eq(reservations.status, 'HELD')));
    expect(held).toHaveLength(0);
    expect((await ticketsOf(payer, event.id)).map((x) => x.status)).toEqual(['VOID']);
  });
});
