import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { STANDIN_WEBHOOK_SECRET, StripeStandIn } from '../../../test/stripe-stand-in.ts';
import { asAdmin, benefitsOf, subjectsTo, subscribe, userRow } from './subscriptions.test-kit.ts';

const WEBHOOK_SECRET = STANDIN_WEBHOOK_SECRET;
const signer = new Stripe('sk_test_signer');
const PRICES = { ENTRY: 'price_entry_test', MIDDLE: 'price_middle_test', HEADLINER: 'price_headliner_test' };

/** Stripe mode: the real SDK against the local stand-in of Stripe's API, and signed webhooks. */
describe('memberships through Stripe', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;

  beforeAll(async () => {
    await stripe.start();
    t = await createTestApp({
      env: {
        ...stripe.appEnv,
        STRIPE_PRICE_ENTRY: PRICES.ENTRY,
        STRIPE_PRICE_MIDDLE: PRICES.MIDDLE,
        STRIPE_PRICE_HEADLINER: PRICES.HEADLINER,
        RATE_LIMIT: 'off',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  function webhook(type: string, object: object, options: { id?: string; secret?: string } = {}) {
    const id = options.id ?? `evt_${randomBytes(10).toString('hex')}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
      payload,
    });
  }

  /** Subscribe, pay on "Stripe's page", and deliver checkout.session.completed. */
  async function paidMember(tier: keyof typeof PRICES, user?: TestUser) {
    const fan = user ?? (await createUser(t.app));
    const res = await subscribe(t.app, fan, tier);
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = (res.json().url as string).split('/').pop()!;
    const { session, subscription } = stripe.completeSubscriptionCheckout(sessionId);
    expect((await webhook('checkout.session.completed', session)).statusCode).toBe(200);
    return { fan, session, subscription };
  }

  it('opens Checkout in subscription mode with the plan price and one reused customer', async () => {
    const fan = await createUser(t.app);
    const res = await subscribe(t.app, fan, 'HEADLINER');
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    const session = stripe.sessions.get((res.json().url as string).split('/').pop()!)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ name: PRICES.HEADLINER }],
      metadata: { kind: 'subscription', userId: String(fan.id), tier: 'HEADLINER' },
    });
    expect(session.success_url).toContain('/subscription/success?session_id={CHECKOUT_SESSION_ID}');
    const customer = (await userRow(t.app, fan.id)).paymentCustomerId;
    expect(customer).toBe(session.customer);
    // Abandoned and tried again: the same customer.
    const again = await subscribe(t.app, fan, 'ENTRY');
    expect(stripe.sessions.get((again.json().url as string).split('/').pop()!)!.customer).toBe(customer);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it('activates on checkout.session.completed and customer.subscription.created, once, whatever the duplicates', async () => {
    const { fan, session, subscription } = await paidMember('MIDDLE');
    expect(await userRow(t.app, fan.id)).toMatchObject({
      subscriptionTier: 'MIDDLE',
      subscriptionStatus: 'ACTIVE',
      verificationStatus: 'PENDING',
      paymentSubscriptionId: subscription.id,
    });
    const created = await webhook('customer.subscription.created', subscription, { id: 'evt_created_dup' });
    expect(created.statusCode).toBe(200);
    await webhook('customer.subscription.created', subscription, { id: 'evt_created_dup' });
    await webhook('checkout.session.completed', session);
    expect(await benefitsOf(t.app, fan.id)).toHaveLength(9);
    const subjects = await subjectsTo(t.app, fan.email, 'Welcome');
    expect(subjects.filter((s) => s.startsWith('Welcome'))).toHaveLength(1);
    const result = await t.app.inject({ url: `/api/subscription/checkout-result?session_id=${session.id}` });
    expect(result.json()).toEqual({ status: 'active', tier: 'MIDDLE' });
    expect((await subscribe(t.app, fan, 'ENTRY')).statusCode).toBe(409);
  });

  it('maps cancel_at_period_end, a failed payment, a plan change and the deletion, re-reading Stripe each time', async () => {
    const { fan, subscription } = await paidMember('ENTRY');
    const periodEnd = subscription.items.data[0]!.current_period_end;

    stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
    await webhook('customer.subscription.updated', subscription);
    const cancelled = await userRow(t.app, fan.id);
    expect(cancelled.subscriptionStatus).toBe('CANCELLED');
    expect(cancelled.subscriptionExpiresAt!.getTime()).toBe(periodEnd * 1000);
    await subjectsTo(t.app, fan.email, 'cancelled');

    stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: false, status: 'past_due' });
    await webhook('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect((await userRow(t.app, fan.id)).subscriptionStatus).toBe('FAILED');
    await subjectsTo(t.app, fan.email, 'payment failed');

    stripe.updateSubscription(subscription.id, { status: 'active', priceId: PRICES.HEADLINER });
    await webhook('invoice.paid', { id: 'in_2', object: 'invoice', subscription: subscription.id });
    expect(await userRow(t.app, fan.id)).toMatchObject({ subscriptionStatus: 'ACTIVE', subscriptionTier: 'HEADLINER' });
    expect(await benefitsOf(t.app, fan.id)).toHaveLength(14);

    const stale = structuredClone(stripe.subscriptions.get(subscription.id)!);
    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    await webhook('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!);
    expect(await userRow(t.app, fan.id)).toMatchObject({ subscriptionStatus: 'ENDED', subscriptionTier: 'NONE' });
    // An "updated" event sent before the deletion arrives late: its body says active, Stripe says canceled.
    await webhook('customer.subscription.updated', stale);
    expect(await userRow(t.app, fan.id)).toMatchObject({ subscriptionStatus: 'ENDED', subscriptionTier: 'NONE' });
  });

  it('two paid checkouts: the second subscription is cancelled at Stripe and its first invoice refunded in full', async () => {
    const fan = await createUser(t.app);
    const sessionOf = async (tier: string) =>
      ((await subscribe(t.app, fan, tier)).json().url as string).split('/').pop()!;
    const first = await sessionOf('ENTRY');
    const second = await sessionOf('MIDDLE');
    const paidFirst = stripe.completeSubscriptionCheckout(first, 2999);
    expect((await webhook('checkout.session.completed', paidFirst.session)).statusCode).toBe(200);
    const paidSecond = stripe.completeSubscriptionCheckout(second, 5999);
    expect(
      (await webhook('checkout.session.completed', paidSecond.session, { id: 'evt_second_paid' })).statusCode,
    ).toBe(200);
    expect(stripe.subscriptions.get(paidSecond.subscription.id)!.status).toBe('canceled');
    expect(await userRow(t.app, fan.id)).toMatchObject({
      subscriptionTier: 'ENTRY',
      subscriptionStatus: 'ACTIVE',
      paymentSubscriptionId: paidFirst.subscription.id,
    });

    const key = `refund:subscription:${paidSecond.subscription.id}`;
    await subjectsTo(t.app, fan.email, 'Refund: your second FourFour subscription');
    const refunds = [...stripe.refunds.values()];
    const secondPayment = [...stripe.charges.values()].find((c) => c.invoice === paidSecond.session.invoice)!;
    expect(refunds.filter((r) => r.payment_intent === secondPayment.payment_intent).map((r) => r.amount)).toEqual([
      5999,
    ]);
    expect(stripe.requests.some((r) => r.path === '/v1/refunds' && r.idempotencyKey === key)).toBe(true);
    const firstPayment = [...stripe.charges.values()].find((c) => c.invoice === paidFirst.session.invoice)!;
    expect(firstPayment.amount_refunded).toBe(0);

    // A duplicate delivery and the success page: nothing more is refunded or sent.
    await webhook('checkout.session.completed', paidSecond.session, { id: 'evt_second_paid' });
    await webhook('checkout.session.async_payment_succeeded', paidSecond.session);
    await t.app.inject({ url: `/api/subscription/checkout-result?session_id=${second}` });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    const subjects = await subjectsTo(t.app, fan.email);
    expect(subjects.filter((s) => s.startsWith('Refund:'))).toHaveLength(1);
  });

  it('refuses a bad webhook signature and changes nothing', async () => {
    const { fan, subscription } = await paidMember('ENTRY');
    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const res = await webhook('customer.subscription.updated', subscription, { secret: 'whsec_wrong' });
    expect(res.statusCode).toBe(400);
    expect((await userRow(t.app, fan.id)).subscriptionStatus).toBe('ACTIVE');
  });

  it('opens the portal deep links on the member’s own customer and subscription', async () => {
    const { fan, subscription } = await paidMember('MIDDLE');
    const customer = (await userRow(t.app, fan.id)).paymentCustomerId;
    const update = await t.app.inject({ url: '/api/subscription/portal/upgrade-or-downgrade', headers: fan.headers });
    expect(update.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    await t.app.inject({ url: '/api/subscription/portal/cancel', headers: fan.headers });
    await t.app.inject({ url: '/api/subscription/billing-portal', headers: fan.headers });
    const [u, c, b] = stripe.portalSessions.slice(-3);
    expect(u).toMatchObject({
      customer,
      flow: { type: 'subscription_update', subscription_update: { subscription: subscription.id } },
    });
    expect(c).toMatchObject({
      customer,
      flow: { type: 'subscription_cancel', subscription_cancel: { subscription: subscription.id } },
    });
    expect(b).toMatchObject({ customer, flow: null });
    expect(u!.return_url).toMatch(/\/subscribe$/);
  });

  it('UNDERAGE cancels at Stripe now, with no final invoice', async () => {
    const { fan, subscription } = await paidMember('HEADLINER');
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const res = await asAdmin(t.app, admin, 'POST', `/api/admin/verification/${fan.id}/underage`);
    expect(res.statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect(
      stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription.id}`),
    ).toBe(true);
    expect(await userRow(t.app, fan.id)).toMatchObject({
      verificationStatus: 'UNDERAGE',
      subscriptionStatus: 'ENDED',
      subscriptionTier: 'NONE',
    });
    await webhook('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)!);
    const subjects = await subjectsTo(t.app, fan.email, 'stopped');
    expect(subjects.filter((s) => s.includes('cancelled'))).toHaveLength(0);
  });
});
