import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, orders, paymentEvents, reservations, tickets } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { STANDIN_WEBHOOK_SECRET, StripeStandIn, type StandInSession } from '../../../test/stripe-stand-in.ts';
import { cancelEventTickets, reconcileCheckouts } from './refunds.service.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { createCheckout, draft, mailTo, makeMember, reserve, stockOf } from './tickets.test-kit.ts';

const WEBHOOK_SECRET = STANDIN_WEBHOOK_SECRET;
const signer = new Stripe('sk_test_signer');

/** Stripe mode: the real SDK against a local stand-in of Stripe's API, and signed webhooks. */
describe('tickets paid through Stripe', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;

  beforeAll(async () => {
    await stripe.start();
    t = await createTestApp({
      env: {
        ...stripe.appEnv,
        RATE_LIMIT: 'off',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  function webhook(
    type: string,
    session: StandInSession | object,
    options: { id?: string; timestamp?: number; secret?: string; signature?: string } = {},
  ) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${randomBytes(10).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const signature =
      options.signature ??
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        timestamp: options.timestamp,
      });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
      payload,
    });
  }

  async function checkoutFor(user: TestUser, eventId: number, drafts = [draft()]) {
    const res = await reserve(t.app, user, eventId, drafts);
    expect(res.statusCode).toBe(200);
    const reservationId: string = res.json().reservationToken;
    const checkout = await createCheckout(t.app, user, reservationId);
    expect(checkout.statusCode).toBe(200);
    const session = stripe.sessionFor(reservationId)!;
    return { reservationId, url: checkout.json().url as string, session };
  }

  const ticketsOf = (userId: number) => t.app.db.select().from(tickets).where(eq(tickets.userId, userId));
  const orderOf = async (reservationId: string) =>
    (await t.app.db.select().from(orders).where(eq(orders.reservationId, reservationId)))[0]!;
  const result = async (sessionId: string) =>
    (await t.app.inject({ url: `/api/tickets/checkout-result?session_id=${sessionId}` })).json();

  it('creates a Checkout session in payment mode with GBP line items, our reservation id and an idempotency key', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { title: 'Stripe Night', standardPricePence: 2000, vipPricePence: 5000 });
    const { reservationId, url, session } = await checkoutFor(buyer, event.id, [draft(), draft(), draft('VIP')]);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: reservationId,
      metadata: { kind: 'tickets', reservationId },
      amount_total: 9000,
      currency: 'gbp',
      customer_email: buyer.email,
    });
    expect(session.line_items).toEqual([
      { name: 'Stripe Night — Standard ticket', unit_amount: 2000, quantity: 2 },
      { name: 'Stripe Night — VIP ticket', unit_amount: 5000, quantity: 1 },
    ]);
    expect(session.success_url).toContain('/payment-success?session_id={CHECKOUT_SESSION_ID}');
    const create = stripe.requests.find(
      (r) =>
        r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.idempotencyKey === `checkout:${reservationId}`,
    );
    expect(create).toBeDefined();
    // Stripe needs at least 30 minutes: the hold is extended to the session's end.
    const [r] = await t.app.db.select().from(reservations).where(eq(reservations.id, reservationId));
    expect(r!.expiresAt.getTime()).toBe(session.expires_at * 1000);
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThan(30 * 60_000);
    // Asking again answers the same session.
    expect((await createCheckout(t.app, buyer, reservationId)).json().url).toBe(url);
    expect(stripe.sessions.size).toBeGreaterThanOrEqual(1);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === reservationId)).toHaveLength(1);
  });

  it('fulfils on a signed checkout.session.completed and records the event id with the effect', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { reservationId, session } = await checkoutFor(buyer, event.id, [draft(), draft('VIP')]);
    expect((await result(session.id)).state).toBe('PENDING');
    stripe.markPaid(session.id);
    const res = await webhook('checkout.session.completed', session, { id: 'evt_completed_1' });
    expect(res.statusCode).toBe(200);
    expect(await ticketsOf(buyer.id)).toHaveLength(2);
    const order = await orderOf(reservationId);
    expect(order).toMatchObject({
      status: 'PAID',
      outcome: 'FULFILLED',
      providerSessionId: session.id,
      providerPaymentId: session.payment_intent,
    });
    expect((await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_completed_1')))[0]?.type).toBe(
      'checkout.session.completed',
    );
    expect(await result(session.id)).toMatchObject({ state: 'FULFILLED' });
    await mailTo(t.app, buyer.email, 'Your tickets');
  });

  it('the result page fulfils by itself once Stripe says paid (no webhook yet)', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { session } = await checkoutFor(buyer, event.id);
    stripe.markPaid(session.id);
    expect((await result(session.id)).state).toBe('FULFILLED');
    // The webhook that follows is a no-op.
    await webhook('checkout.session.completed', session);
    expect(await ticketsOf(buyer.id)).toHaveLength(1);
  });

  it('refuses a bad signature and a stale timestamp with 400 and changes nothing', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { reservationId, session } = await checkoutFor(buyer, event.id);
    stripe.markPaid(session.id);
    const wrongSecret = await webhook('checkout.session.completed', session, {
      secret: 'whsec_wrong',
      id: 'evt_bad_sig',
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().code).toBe('BAD_SIGNATURE');
    const stale = await webhook('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
      id: 'evt_stale',
    });
    expect(stale.statusCode).toBe(400);
    const garbage = await webhook('checkout.session.completed', session, { signature: 't=1,v1=abc' });
    expect(garbage.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: { id: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(await ticketsOf(buyer.id)).toHaveLength(0);
    expect((await orderOf(reservationId)).status).toBe('PENDING');
    const recorded = await t.app.db
      .select()
      .from(paymentEvents)
      .where(sql`${paymentEvents.id} in ('evt_bad_sig', 'evt_stale')`);
    expect(recorded).toHaveLength(0);
  });

  it('a duplicate delivery, also concurrent, issues the tickets once', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 10 });
    const { session } = await checkoutFor(buyer, event.id, [draft(), draft()]);
    stripe.markPaid(session.id);
    const same = await Promise.all(
      Array.from({ length: 6 }, () => webhook('checkout.session.completed', session, { id: 'evt_dup_1' })),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Different events about the same session, at the same moment, and the result page too.
    await Promise.all([
      webhook('checkout.session.completed', session),
      webhook('checkout.session.async_payment_succeeded', session),
      t.app.inject({ url: `/api/tickets/checkout-result?session_id=${session.id}` }),
    ]);
    await webhook('checkout.session.completed', session, { id: 'evt_dup_1' });
    expect(await ticketsOf(buyer.id)).toHaveLength(2);
    const stock = await stockOf(t.app, event.id);
    expect([stock.soldStandard, stock.heldStandard]).toEqual([2, 0]);
  });

  it('out of order: an expired event for a session Stripe reports paid fulfils; a late expired event after payment changes nothing', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { reservationId, session } = await checkoutFor(buyer, event.id);
    // The body claims "open/unpaid", but Stripe now says paid: the handler trusts Stripe.
    const stale = { ...session };
    stripe.markPaid(session.id);
    await webhook('checkout.session.expired', stale);
    expect((await orderOf(reservationId)).status).toBe('PAID');
    await webhook('checkout.session.expired', { ...session, status: 'expired' });
    expect((await orderOf(reservationId)).status).toBe('PAID');
    expect(await ticketsOf(buyer.id)).toHaveLength(1);
  });

  it('checkout.session.expired releases the hold at once', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 2 });
    const { reservationId, session } = await checkoutFor(buyer, event.id, [draft(), draft()]);
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(2);
    stripe.markExpired(session.id);
    expect((await webhook('checkout.session.expired', session)).statusCode).toBe(200);
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    expect((await orderOf(reservationId)).status).toBe('EXPIRED');
    const other = await createUser(t.app);
    expect((await reserve(t.app, other, event.id, [draft(), draft()])).statusCode).toBe(200);
  });

  it('a payment after the hold lapsed is fulfilled when stock remains', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 3 });
    const { reservationId, session } = await checkoutFor(buyer, event.id);
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, reservationId));
    await releaseExpiredHolds(t.app.db, event.id);
    stripe.markPaid(session.id);
    await webhook('checkout.session.completed', session);
    expect((await result(session.id)).state).toBe('FULFILLED');
    expect((await stockOf(t.app, event.id)).soldStandard).toBe(1);
  });

  it('a payment after the hold lapsed and the stock went is refunded in full, once, with an email', async () => {
    const late = await createUser(t.app);
    const quick = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 1, title: 'Tiny Room' });
    const { reservationId, session } = await checkoutFor(late, event.id);
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, reservationId));
    expect((await reserve(t.app, quick, event.id, [draft()])).statusCode).toBe(200);
    stripe.markPaid(session.id);
    await webhook('checkout.session.completed', session);
    expect((await result(session.id)).state).toBe('TIMEOUT_REFUND_TRIGGERED');
    const order = await waitFor(async () => {
      const o = await orderOf(reservationId);
      return o.status === 'REFUNDED' && o;
    });
    expect(order).toMatchObject({ outcome: 'REFUNDED_TIMEOUT', refundReason: 'TIMEOUT' });
    expect((await result(session.id)).state).toBe('REFUNDED_TIMEOUT');
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(session.amount_total);
    expect(order.providerRefundId).toBe(refunds[0]!.id);
    expect(stripe.requests.some((r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund:${order.id}`)).toBe(
      true,
    );
    expect(await ticketsOf(late.id)).toHaveLength(0);
    const stock = await stockOf(t.app, event.id);
    expect(stock.soldStandard + stock.heldStandard).toBeLessThanOrEqual(stock.totalStandard);
    await mailTo(t.app, late.email, 'Refund: your order for Tiny Room');
  });

  it('cancelling an owned event refunds each paid order through Stripe', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { reservationId, session } = await checkoutFor(buyer, event.id, [draft(), draft('VIP')]);
    stripe.markPaid(session.id);
    await webhook('checkout.session.completed', session);
    await t.app.db.execute(sql`UPDATE events SET cancelled = true WHERE id = ${event.id}`);
    await cancelEventTickets(t.app, event.id);
    const order = await waitFor(async () => {
      const o = await orderOf(reservationId);
      return o.status === 'REFUNDED' && o;
    });
    expect(order.refundReason).toBe('EVENT_CANCELLED');
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds.map((r) => r.amount)).toEqual([session.amount_total]);
    expect((await ticketsOf(buyer.id)).every((x) => x.status === 'VOID')).toBe(true);
  });

  it('a crash between payment and fulfilment is recovered by the webhook retry', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const { session } = await checkoutFor(buyer, event.id);
    stripe.markPaid(session.id);
    // Stripe's API fails while we re-read the session (the SDK's own 2 retries included): 500, nothing recorded.
    stripe.failNext(`GET /v1/checkout/sessions/${session.id}`, 3);
    const first = await webhook('checkout.session.completed', session, { id: 'evt_retry_1' });
    expect(first.statusCode).toBe(500);
    expect(await ticketsOf(buyer.id)).toHaveLength(0);
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_retry_1'))).toHaveLength(0);
    // Stripe delivers the same event again later.
    expect((await webhook('checkout.session.completed', session, { id: 'evt_retry_1' })).statusCode).toBe(200);
    expect(await ticketsOf(buyer.id)).toHaveLength(1);
  });

  it('a lost webhook is recovered by the reconciliation job; an open session past its end is expired and released', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 5 });
    const paid = await checkoutFor(buyer, event.id);
    stripe.markPaid(paid.session.id);
    const abandoned = await checkoutFor(buyer, event.id, [draft(), draft()]);
    abandoned.session.expires_at = Math.floor(Date.now() / 1000) - 1;
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(3);

    await reconcileCheckouts(t.app, 0);
    expect((await orderOf(paid.reservationId)).status).toBe('PAID');
    expect(await ticketsOf(buyer.id)).toHaveLength(1);
    expect((await orderOf(abandoned.reservationId)).status).toBe('EXPIRED');
    expect(stripe.sessions.get(abandoned.session.id)!.status).toBe('expired');
    const stock = await stockOf(t.app, event.id);
    expect([stock.soldStandard, stock.heldStandard]).toEqual([1, 0]);
  });

  describe('refunds made in Stripe’s dashboard (charge.refunded)', () => {
    const mailsTo = async (email: string, subject: string) =>
      (await t.app.db.select().from(devMailbox).where(eq(devMailbox.to, email))).filter((m) =>
        m.subject.includes(subject),
      );
    const freeUsed = async (user: TestUser) =>
      (await t.app.inject({ url: '/api/account/free-tickets', headers: user.headers })).json().used as number;
    async function paidOrder(user: TestUser, eventId: number, drafts = [draft()]) {
      const bought = await checkoutFor(user, eventId, drafts);
      stripe.markPaid(bought.session.id);
      expect((await webhook('checkout.session.completed', bought.session)).statusCode).toBe(200);
      expect((await orderOf(bought.reservationId)).status).toBe('PAID');
      return bought;
    }

    it('a full refund voids the order’s tickets, returns their stock and free allowance and emails the buyer, once', async () => {
      const buyer = await createUser(t.app);
      await makeMember(t.app, buyer.id, 'ENTRY');
      const event = await createEvent(t.app, { title: 'Dashboard Night' });
      const { reservationId, session } = await paidOrder(buyer, event.id, [
        draft('STANDARD', { useFreeTicket: true }),
        draft('VIP'),
      ]);
      const sold = await stockOf(t.app, event.id);
      expect([sold.soldStandard, sold.soldVip]).toEqual([1, 1]);
      expect(await freeUsed(buyer)).toBe(1);

      const charge = stripe.refundFromDashboard(session.payment_intent!);
      expect((await webhook('charge.refunded', charge, { id: 'evt_dash_full' })).statusCode).toBe(200);
      expect(await orderOf(reservationId)).toMatchObject({ status: 'REFUNDED', refundReason: 'PROVIDER' });
      expect((await ticketsOf(buyer.id)).map((x) => x.status)).toEqual(['VOID', 'VOID']);
      const back = await stockOf(t.app, event.id);
      expect([back.soldStandard, back.soldVip]).toEqual([0, 0]);
      expect(await freeUsed(buyer)).toBe(0);
      await mailTo(t.app, buyer.email, 'Refunded: your tickets for Dashboard Night');
      expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_dash_full'))).toHaveLength(1);

      // The same event again, and another event about the same refund: nothing more.
      await webhook('charge.refunded', charge, { id: 'evt_dash_full' });
      await webhook('charge.refunded', charge);
      const still = await stockOf(t.app, event.id);
      expect([still.soldStandard, still.soldVip]).toEqual([0, 0]);
      expect(await mailsTo(buyer.email, 'Refunded:')).toHaveLength(1);
    });

    it('a partial refund is recorded and leaves the tickets valid', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app, { standardPricePence: 2000 });
      const { reservationId, session } = await paidOrder(buyer, event.id, [draft(), draft()]);
      const charge = stripe.refundFromDashboard(session.payment_intent!, 500);
      expect(charge).toMatchObject({ refunded: false, amount_refunded: 500 });
      expect((await webhook('charge.refunded', charge, { id: 'evt_dash_partial' })).statusCode).toBe(200);
      expect((await orderOf(reservationId)).status).toBe('PAID');
      expect((await ticketsOf(buyer.id)).every((x) => x.status === 'VALID')).toBe(true);
      expect((await stockOf(t.app, event.id)).soldStandard).toBe(2);
      expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_dash_partial'))).toHaveLength(
        1,
      );
    });

    it('the charge.refunded that follows a refund we made ourselves changes nothing', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app, { title: 'Called Off' });
      const { reservationId, session } = await paidOrder(buyer, event.id);
      await t.app.db.execute(sql`UPDATE events SET cancelled = true WHERE id = ${event.id}`);
      await cancelEventTickets(t.app, event.id);
      // Stripe reports our refund while the job may still be running, and after it finished.
      await webhook('charge.refunded', { id: 'ch_ours', object: 'charge', payment_intent: session.payment_intent });
      await waitFor(async () => (await orderOf(reservationId)).status === 'REFUNDED');
      const charge = stripe.charges.get(session.payment_intent!)!;
      expect(charge.refunded).toBe(true);
      expect((await webhook('charge.refunded', charge)).statusCode).toBe(200);
      expect((await orderOf(reservationId)).refundReason).toBe('EVENT_CANCELLED');
      await mailTo(t.app, buyer.email, 'Cancelled: Called Off');
      expect(await mailsTo(buyer.email, 'Refunded:')).toHaveLength(0);
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    });
  });

  it('ignores event types it does not handle without recording them', async () => {
    const res = await webhook(
      'payment_intent.created',
      { id: 'pi_123', object: 'payment_intent' },
      { id: 'evt_sub_1' },
    );
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_sub_1'))).toHaveLength(0);
  });
});
