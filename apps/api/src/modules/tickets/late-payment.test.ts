import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localRefunds, orders, reservations, tickets } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { createCheckout, draft, makeMember, reserve, stockOf } from './tickets.test-kit.ts';

/**
 * Issue 16, item 10: a payment that lands after its hold lapsed meets every rule a fresh hold
 * meets (free tickets, the account's limit); an order that no longer qualifies is refunded whole.
 */
describe('a payment that lands after its hold lapsed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  });
  afterAll(async () => t?.close());

  const free = () => draft('STANDARD', { useFreeTicket: true });

  /** Reserves and opens a checkout; answers the reservation and the provider's session id. */
  async function reserveAndCheckout(user: TestUser, eventId: number, drafts = [free(), draft()]) {
    const res = await reserve(t.app, user, eventId, drafts);
    expect(res.statusCode).toBe(200);
    const token: string = res.json().reservationToken;
    const checkout = await createCheckout(t.app, user, token);
    expect(checkout.statusCode).toBe(200);
    const url: string = checkout.json().url;
    return { token, sessionId: url.startsWith('/local-pay/') ? url.split('/').pop()! : null };
  }
  const pay = async (user: TestUser, sessionId: string) => {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${sessionId}/complete`,
      headers: user.headers,
    });
    expect(paid.statusCode).toBe(200);
    return (await t.app.inject({ url: `/api/tickets/checkout-result?session_id=${sessionId}` })).json().state;
  };
  /** The hold's time runs out; `sweep` also runs the release the hourly sweep does. */
  const lapse = async (token: string, { sweep = true } = {}) => {
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, token));
    if (sweep) await releaseExpiredHolds(t.app.db);
  };
  const ticketsOf = (user: TestUser, eventId?: number) =>
    t.app.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, user.id), eventId === undefined ? undefined : eq(tickets.eventId, eventId)));
  /** The late order ends refunded in full and issued nothing. */
  async function expectRefundedWhole(token: string) {
    const order = await waitFor(async () => {
      const [o] = await t.app.db.select().from(orders).where(eq(orders.reservationId, token));
      return o?.status === 'REFUNDED' && o;
    });
    expect(order).toMatchObject({ outcome: 'REFUNDED_TIMEOUT', refundReason: 'TIMEOUT' });
    expect(await t.app.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(0);
    const refunds = await t.app.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.paymentId, order.providerPaymentId!));
    expect(refunds.map((r) => r.amountPence)).toEqual([order.amountPence]);
  }

  it('never issues a second free ticket for an event taken meanwhile by another reservation', async () => {
    const member = await createUser(t.app);
    await makeMember(t.app, member.id, 'MIDDLE');
    const event = await createEvent(t.app, { totalStandard: 20 });
    const first = await reserveAndCheckout(member, event.id);
    // Not even swept yet: the lapsed hold is still marked HELD when its payment lands.
    await lapse(first.token, { sweep: false });
    // The first hold lapsed, so a second reservation may take the event's free ticket, and is paid.
    const second = await reserveAndCheckout(member, event.id);
    expect(await pay(member, second.sessionId!)).toBe('FULFILLED');

    expect(await pay(member, first.sessionId!)).toBe('TIMEOUT_REFUND_TRIGGERED');
    await expectRefundedWhole(first.token);
    const issued = await ticketsOf(member, event.id);
    expect(issued.filter((x) => x.isFree)).toHaveLength(1);
    expect(issued).toHaveLength(2);
    const stock = await stockOf(t.app, event.id);
    expect([stock.soldStandard, stock.heldStandard]).toEqual([2, 0]);
  });

  it('never issues a free ticket once the yearly allowance was used up meanwhile', async () => {
    const member = await createUser(t.app);
    await makeMember(t.app, member.id, 'ENTRY');
    const event = await createEvent(t.app);
    const late = await reserveAndCheckout(member, event.id);
    await lapse(late.token);
    // Meanwhile the four free tickets of the year go to other events.
    for (let i = 0; i < 4; i++) {
      const other = await createEvent(t.app);
      const issued = await reserveAndCheckout(member, other.id, [free()]);
      expect(issued.sessionId).toBeNull();
    }
    expect((await ticketsOf(member)).filter((x) => x.isFree)).toHaveLength(4);

    expect(await pay(member, late.sessionId!)).toBe('TIMEOUT_REFUND_TRIGGERED');
    await expectRefundedWhole(late.token);
    expect(await ticketsOf(member, event.id)).toHaveLength(0);
    const usage = await t.app.inject({ url: '/api/account/free-tickets', headers: member.headers });
    expect(usage.json()).toMatchObject({ used: 4, remaining: 0 });
  });

  it('is refunded when the account meanwhile holds its limit of tickets for the event', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 50 });
    const late = await reserveAndCheckout(buyer, event.id, [draft(), draft()]);
    await lapse(late.token);
    const nine = Array.from({ length: 9 }, () => draft());
    expect((await reserve(t.app, buyer, event.id, nine)).statusCode).toBe(200);
    expect(await pay(buyer, late.sessionId!)).toBe('TIMEOUT_REFUND_TRIGGERED');
    await expectRefundedWhole(late.token);
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(0);
  });

  it('still issues a free ticket that qualifies, with the paid ones', async () => {
    const member = await createUser(t.app);
    await makeMember(t.app, member.id, 'MIDDLE');
    const event = await createEvent(t.app);
    const late = await reserveAndCheckout(member, event.id);
    await lapse(late.token);
    expect(await pay(member, late.sessionId!)).toBe('FULFILLED');
    const issued = await ticketsOf(member, event.id);
    expect(issued.map((x) => x.isFree).sort()).toEqual([false, true]);
  });
});
