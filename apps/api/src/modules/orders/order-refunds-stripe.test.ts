import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTION_MESSAGES } from '@fourfour/shared/order-actions';
import { orderRefunds, orders, tickets } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { STANDIN_WEBHOOK_SECRET, StripeStandIn } from '../../../test/stripe-stand-in.ts';
import { createCheckout, draft, reserve, stockOf } from '../tickets/tickets.test-kit.ts';
import { auditOf, orderRow, refund, ticketRow } from './order-actions.test-kit.ts';

/** Back-office refunds through the real Stripe SDK against the local stand-in (issue 21). */
describe('order refunds with Stripe', () => {
  const stripe = new StripeStandIn();
  const signer = new Stripe('sk_test_signer');
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    await stripe.start();
    t = await createTestApp({ env: { ...stripe.appEnv, RATE_LIMIT: 'off' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  /** A provider event, signed as Stripe signs it, to the app's webhook. */
  function providerEvent(type: string, object: object) {
    const payload = JSON.stringify({
      id: `evt_${Date.now()}${Math.random()}`,
      object: 'event',
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STANDIN_WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
      payload,
    });
  }

  /** Two STANDARD tickets at £20, paid on Stripe's page. */
  async function paidOrder(buyer: TestUser) {
    const event = await createEvent(t.app, { standardPricePence: 2000 });
    const token: string = (await reserve(t.app, buyer, event.id, [draft(), draft()])).json().reservationToken;
    expect((await createCheckout(t.app, buyer, token)).statusCode).toBe(200);
    const session = stripe.markPaid(stripe.sessionFor(token)!.id);
    expect((await providerEvent('checkout.session.completed', session)).statusCode).toBe(200);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.reservationId, token));
    expect(order!.status).toBe('PAID');
    const issued = await t.app.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    return { event, order: order!, tickets: issued, paymentIntent: session.payment_intent! };
  }
  const refundsAtStripe = (paymentIntent: string) =>
    [...stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntent);

  it('a provider failure changes nothing and says so; the same request again completes it, paying once', async () => {
    const buyer = await createUser(t.app);
    const { event, order, tickets: issued, paymentIntent } = await paidOrder(buyer);
    const sold = (await stockOf(t.app, event.id)).soldStandard;
    // Stripe answers 500 to the call and to the SDK's two retries.
    stripe.failNext('POST /v1/refunds', 3);
    const failed = await refund(t.app, admin, order.id, { ticketIds: [issued[0]!.id] });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'REFUND_PROVIDER_FAILED',
      message: ORDER_ACTION_MESSAGES.refundProviderFailed,
    });
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'PAID', refundedPence: 0 });
    expect((await ticketRow(t.app, issued[0]!.id)).status).toBe('VALID');
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(sold);
    expect(await auditOf(t.app, order.id)).toEqual([]);
    const [row] = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'FAILED' });
    expect(refundsAtStripe(paymentIntent)).toHaveLength(0);

    // Stripe may have paid that refund and lost only its answer: a new request that includes the
    // ticket would use a new key and be paid again, so it is refused until the failed one is retried.
    const wider = await refund(t.app, admin, order.id, { ticketIds: [issued[0]!.id, issued[1]!.id] });
    expect(wider.statusCode).toBe(409);
    expect(wider.json()).toMatchObject({
      code: 'REFUND_FAILED_EARLIER',
      message: ORDER_ACTION_MESSAGES.refundRetryFailedFirst,
    });
    expect(refundsAtStripe(paymentIntent)).toHaveLength(0);

    const retried = await refund(t.app, admin, order.id, { ticketIds: [issued[0]!.id] });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ refundId: row!.id, amount: 20, orderStatus: 'PAID' });
    expect(refundsAtStripe(paymentIntent).map((r) => r.amount)).toEqual([2000]);
    const keys = stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund:${row!.id}`]));
    expect((await ticketRow(t.app, issued[0]!.id)).status).toBe('VOID');
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(sold - 1);
  });

  it("Stripe's charge.refunded about our partial refund leaves the rest of the order valid", async () => {
    const buyer = await createUser(t.app);
    const { order, tickets: issued, paymentIntent } = await paidOrder(buyer);
    expect((await refund(t.app, admin, order.id, { ticketIds: [issued[0]!.id] })).statusCode).toBe(200);
    const charge = stripe.charges.get(paymentIntent)!;
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: false });
    expect((await providerEvent('charge.refunded', charge)).statusCode).toBe(200);
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'PAID', refundedPence: 2000 });
    expect((await ticketRow(t.app, issued[1]!.id)).status).toBe('VALID');

    // Refunding the other ticket too pays the rest back; Stripe's event about it changes nothing more.
    const rest = await refund(t.app, admin, order.id, { ticketIds: [issued[1]!.id] });
    expect(rest.json()).toMatchObject({ orderStatus: 'REFUNDED', refundedTotal: 40 });
    expect((await providerEvent('charge.refunded', stripe.charges.get(paymentIntent)!)).statusCode).toBe(200);
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'REFUNDED', refundReason: 'ADMIN' });
    expect(refundsAtStripe(paymentIntent).map((r) => r.amount)).toEqual([2000, 2000]);
  });
});
