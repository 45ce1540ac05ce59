import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTION_MESSAGES } from '@fourfour/shared/order-actions';
import { SCAN_MESSAGES } from '@fourfour/shared/scan';
import { events, localCheckoutSessions, localRefunds, orderRefunds } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { signTicketToken } from '../../lib/ticket-token.ts';
import { localIn, releaseCounts, saveLadder } from '../events/releases.test-kit.ts';
import { scan } from '../scan/scan.test-kit.ts';
import { draft, mailTo, makeAffiliate, makeMember, stockOf } from '../tickets/tickets.test-kit.ts';
import { auditOf, buyLocally, orderRow, refund, ticketRow } from './order-actions.test-kit.ts';
import { completePendingRefunds } from './order-refunds.service.ts';

/** Refunds of some or all of an order's tickets from the back office (issue 21), local provider. */
describe('order refunds', () => {
  let t: TestApp;
  let admin: TestUser;
  let affiliate: TestUser;
  const code = () => `AFF${affiliate.id}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
    affiliate = await createUser(t.app, { role: 'AFFILIATE' });
    await makeAffiliate(t.app, affiliate.id, code());
  });
  afterAll(async () => t?.close());

  /** What the provider paid back for an order's payment, and how many refunds it made. */
  async function providerRefunds(paymentId: string) {
    const rows = await t.app.db.select().from(localRefunds).where(eq(localRefunds.paymentId, paymentId));
    const [session] = await t.app.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.paymentId, paymentId));
    return { count: rows.length, refundedPence: session!.refundedPence };
  }
  const affiliateTickets = async () => {
    const res = await t.app.inject({ url: '/api/affiliate/stats', headers: affiliate.headers });
    return (res.json() as { totalTickets: number }[]).reduce((n, m) => n + m.totalTickets, 0);
  };
  const freeUsed = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/account/free-tickets', headers: user.headers })).json().used as number;

  it('refunds one of three tickets: provider, stock, release stock, commission, allowance, door and mail; then the rest makes the order REFUNDED', async () => {
    const buyer = await createUser(t.app);
    await makeMember(t.app, buyer.id, 'MIDDLE');
    const event = await createEvent(t.app, { title: 'Partial Night', standardPricePence: 2000 });
    await saveLadder(t.app, admin, event.id, [
      { ticketType: 'STANDARD', name: 'Early bird', price: 15, quantity: 10, salesStart: localIn(t.app, -60) },
      { ticketType: 'STANDARD', name: 'General', price: 20, quantity: 50 },
    ]);
    const [free, paid, other] = [draft('STANDARD', { useFreeTicket: true }), draft(), draft()];
    const { order, tickets } = await buyLocally(t.app, buyer, event.id, [free, paid, other], code());
    const [freeTicket, paidTicket, otherTicket] = tickets as [
      (typeof tickets)[0],
      (typeof tickets)[0],
      (typeof tickets)[0],
    ];
    expect(order.amountPence).toBe(2 * 1350); // two early-bird tickets at £15 less the 10% affiliate discount
    const before = {
      sold: (await stockOf(t.app, event.id)).soldStandard,
      releases: await releaseCounts(t.app, event.id),
      affiliate: await affiliateTickets(),
      free: await freeUsed(buyer),
    };
    expect(before.releases).toContainEqual(['Early bird', 3, 0]);

    const res = await refund(t.app, admin, order.id, { ticketIds: [paidTicket.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: order.id,
      ticketIds: [paidTicket.id],
      amount: 13.5,
      refundedTotal: 13.5,
      orderStatus: 'PAID',
    });
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 1, refundedPence: 1350 });
    expect((await ticketRow(t.app, paidTicket.id)).status).toBe('VOID');
    expect((await ticketRow(t.app, otherTicket.id)).status).toBe('VALID');
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'PAID', refundedPence: 1350 });
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(before.sold - 1);
    expect(await releaseCounts(t.app, event.id)).toContainEqual(['Early bird', 2, 0]);
    expect(await affiliateTickets()).toBe(before.affiliate - 1);
    expect(await freeUsed(buyer)).toBe(before.free);
    const [audit] = await auditOf(t.app, order.id);
    expect(audit).toMatchObject({
      action: 'order.refunded',
      actorId: admin.id,
      details: {
        refundId: res.json().refundId,
        ticketIds: [paidTicket.id],
        amountPence: 1350,
        reason: 'Bought two by mistake',
      },
    });
    const mail = await mailTo(t.app, buyer.email, 'Refunded: 1 ticket(s) for Partial Night');
    expect(mail.text).toContain('£13.50');
    expect(mail.text).toContain('Your other tickets of this order are still valid');
    const door = await scan(t.app, admin, signTicketToken(paidTicket.id, t.app.config.ticketSigningKeyPem));
    expect(door.statusCode).toBe(410);
    expect(door.json()).toMatchObject({ status: 'VOID', message: SCAN_MESSAGES.voidRefunded });

    // The free ticket: nothing to pay back, no provider call, its allowance returns.
    const freeRefund = await refund(t.app, admin, order.id, { ticketIds: [freeTicket.id] });
    expect(freeRefund.json()).toMatchObject({ amount: 0, refundedTotal: 13.5, orderStatus: 'PAID' });
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 1, refundedPence: 1350 });
    expect(await freeUsed(buyer)).toBe(before.free - 1);

    // The last one: the order is refunded in full.
    const rest = await refund(t.app, admin, order.id, { ticketIds: [otherTicket.id] });
    expect(rest.json()).toMatchObject({ amount: 13.5, refundedTotal: 27, orderStatus: 'REFUNDED' });
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 2, refundedPence: 2700 });
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'REFUNDED', refundReason: 'ADMIN' });
    expect((await orderRow(t.app, order.id)).refundedAt).not.toBeNull();
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(before.sold - 3);
    expect(await releaseCounts(t.app, event.id)).toContainEqual(['Early bird', 0, 0]);
    expect(await affiliateTickets()).toBe(before.affiliate - 2);
    await mailTo(t.app, buyer.email, 'Refunded: 1 ticket(s) for Partial Night');
  });

  it('refunds once when the same refund is clicked twice at the same moment', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { standardPricePence: 2000 });
    const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft(), draft()]);
    const sold = (await stockOf(t.app, event.id)).soldStandard;
    const body = { ticketIds: [tickets[0]!.id] };
    const both = await Promise.all([refund(t.app, admin, order.id, body), refund(t.app, admin, order.id, body)]);
    const statuses = both.map((r) => r.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    for (const r of both.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(ORDER_ACTION_MESSAGES.refundInProgress);
    }
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 1, refundedPence: 2000 });
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(sold - 1);
    expect((await orderRow(t.app, order.id)).refundedPence).toBe(2000);

    // Asked again later (ids in another order and case), it answers the same refund.
    const again = await refund(t.app, admin, order.id, { ticketIds: [tickets[0]!.id.toUpperCase()] });
    expect(again.statusCode).toBe(200);
    expect(again.json().refundId).toBe(both.find((r) => r.statusCode === 200)!.json().refundId);
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 1, refundedPence: 2000 });
    expect((await auditOf(t.app, order.id)).filter((a) => a.action === 'order.refunded')).toHaveLength(1);
  });

  it('needs force to refund a ticket already admitted at the door, naming it', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft(), draft('VIP')]);
    // The night has come: the door admits the VIP.
    await t.app.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 4 * 3600_000) })
      .where(eq(events.id, event.id));
    const vip = tickets[1]!;
    const door = await scan(t.app, admin, signTicketToken(vip.id, t.app.config.ticketSigningKeyPem));
    expect(door.statusCode).toBe(200);

    const refused = await refund(t.app, admin, order.id, { ticketIds: [vip.id, tickets[0]!.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      ORDER_ACTION_MESSAGES.refundScannedNeedsForce(`VIP ${vip.firstName} ${vip.lastName}`),
    );
    expect((await ticketRow(t.app, tickets[0]!.id)).status).toBe('VALID');
    expect((await orderRow(t.app, order.id)).refundedPence).toBe(0);

    const forced = await refund(t.app, admin, order.id, { ticketIds: [vip.id, tickets[0]!.id], force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().orderStatus).toBe('REFUNDED');
    expect((await ticketRow(t.app, vip.id)).status).toBe('VOID');
  });

  it('refuses tickets of another order (400), void tickets and unpaid orders (409), changing nothing', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const first = await buyLocally(t.app, buyer, event.id, [draft(), draft()]);
    const second = await buyLocally(t.app, buyer, event.id, [draft()]);
    const foreign = await refund(t.app, admin, first.order.id, { ticketIds: [second.tickets[0]!.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: 'ticketIds', message: ORDER_ACTION_MESSAGES.refundTicketNotInOrder },
    ]);
    const noReason = await refund(t.app, admin, first.order.id, { ticketIds: [first.tickets[0]!.id], reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual({
      field: 'reason',
      message: ORDER_ACTION_MESSAGES.refundReasonRequired,
    });

    await refund(t.app, admin, first.order.id, { ticketIds: [first.tickets[0]!.id] });
    const twice = await refund(t.app, admin, first.order.id, {
      ticketIds: [first.tickets[0]!.id, first.tickets[1]!.id],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ORDER_ACTION_MESSAGES.refundTicketVoid);
    expect((await ticketRow(t.app, first.tickets[1]!.id)).status).toBe('VALID');
    expect((await orderRow(t.app, second.order.id)).refundedPence).toBe(0);
  });

  it('completes a refund left PENDING by a crash after the provider paid, without paying twice', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { standardPricePence: 2000 });
    const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft(), draft()]);
    // The claim was written and the provider paid out; the process died before completing.
    const [row] = await t.app.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        requestKey: `${order.id}:${tickets[0]!.id}`,
        ticketIds: [tickets[0]!.id],
        amountPence: 2000,
        reason: 'Crashed',
        requestedBy: admin.id,
        createdAt: sql`now() - interval '2 minutes'`,
      })
      .returning();
    await t.app.payments.refund({
      paymentId: order.providerPaymentId!,
      amountPence: 2000,
      idempotencyKey: `refund:${row!.id}`,
    });
    // While it is pending, the same request is told it is under way.
    const meanwhile = await refund(t.app, admin, order.id, { ticketIds: [tickets[0]!.id] });
    expect(meanwhile.statusCode).toBe(409);

    expect(await completePendingRefunds(t.app)).toBe(1);
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 1, refundedPence: 2000 });
    expect((await ticketRow(t.app, tickets[0]!.id)).status).toBe('VOID');
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'PAID', refundedPence: 2000 });
    const [done] = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.id, row!.id));
    expect(done!.status).toBe('SUCCEEDED');
    expect(await completePendingRefunds(t.app)).toBe(0);
    await mailTo(t.app, buyer.email, 'Refunded: 1 ticket(s)');
  });

  it('a cancellation after a partial refund refunds only what is left', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { standardPricePence: 2000, vipPricePence: 5000 });
    const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft(), draft('VIP')]);
    await refund(t.app, admin, order.id, { ticketIds: [tickets[0]!.id] });
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/cancel`,
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(200);
    await mailTo(t.app, buyer.email, 'Cancelled:');
    await waitFor(async () => (await orderRow(t.app, order.id)).status === 'REFUNDED');
    expect(await providerRefunds(order.providerPaymentId!)).toEqual({ count: 2, refundedPence: 7000 });
    const keys = await t.app.db
      .select()
      .from(localRefunds)
      .where(and(eq(localRefunds.paymentId, order.providerPaymentId!), like(localRefunds.idempotencyKey, 'refund:%')));
    expect(keys.map((k) => k.amountPence).sort()).toEqual([2000, 5000]);
  });
});
