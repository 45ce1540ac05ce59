import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPricePence } from '@fourfour/shared/memberships';
import { localCheckoutSessions, localRefunds, localSubscriptions, subscriptions } from '../../db/schema/index.ts';
import { createEvent, createUser, deleteOwnAccount, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { handleProviderEvent } from '../payments/payments.service.ts';
import { draft, reserve } from '../tickets/tickets.test-kit.ts';
import {
  asAdmin,
  benefitsOf,
  portalAction,
  subjectsTo,
  subscribe,
  subscribeLocally,
  userRow,
} from './subscriptions.test-kit.ts';

/** Memberships with the built-in local provider: checkout page, portal page, the same event handler. */
describe('memberships (local provider)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
  });
  afterAll(async () => t?.close());

  describe('subscribing', () => {
    it('needs a sign-in and one of the three plans', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/subscription/subscribe?tier=MIDDLE' });
      expect(anonymous.statusCode).toBe(401);
      const fan = await createUser(t.app);
      expect((await subscribe(t.app, fan, 'GOLD')).statusCode).toBe(400);
      expect((await subscribe(t.app, fan, 'NONE')).statusCode).toBe(400);
    });

    it('charges the plan price, starts an ACTIVE plan, makes the subscriber PENDING and grants cumulative benefits', async () => {
      const fan = await createUser(t.app);
      const res = await subscribe(t.app, fan, 'MIDDLE');
      const sessionId = (res.json().url as string).split('/').pop()!;
      const page = await t.app.inject({ url: `/api/payments/local/checkout/${sessionId}`, headers: fan.headers });
      expect(page.json()).toMatchObject({
        mode: 'subscription',
        displayName: 'FourFour MIDDLE plan',
        amountTotal: 59.99,
        currency: 'gbp',
        status: 'open',
      });
      const other = await createUser(t.app);
      const foreign = await t.app.inject({ url: `/api/payments/local/checkout/${sessionId}`, headers: other.headers });
      expect(foreign.statusCode).toBe(404);

      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/checkout/${sessionId}/complete`,
        headers: fan.headers,
      });
      expect(paid.json().url).toMatch(new RegExp(`/subscription/success\\?session_id=${sessionId}$`));

      const me = (await t.app.inject({ url: '/api/account/me', headers: fan.headers })).json();
      expect(me).toMatchObject({
        subscriptionTier: 'MIDDLE',
        subscriptionStatus: 'ACTIVE',
        subscriptionActive: true,
        verificationStatus: 'PENDING',
      });
      expect(me.stripeCustomerId).toMatch(/^lcus_/);
      expect(new Date(me.subscriptionExpiresAt).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
      expect(me.subscriptionStartDate).not.toBeNull();

      const granted = await benefitsOf(t.app, fan.id);
      expect(granted.map((b) => b.benefitType).sort()).toEqual(
        [
          'EVENT_ACCESS',
          'PLAYLIST_FEATURE',
          'SOCIAL_REEL',
          'TOP_5_FEATURE',
          'TALENT_ROSTER',
          'PLAYLIST_FEATURE_SECOND',
          'SOCIAL_POST',
          'LARGER_EVENT_INVITE',
          'NETWORK_EVENT_ACCESS',
        ].sort(),
      );
      expect(await subjectsTo(t.app, fan.email, 'Welcome to FourFour MIDDLE')).toHaveLength(1);

      const result = await t.app.inject({ url: `/api/subscription/checkout-result?session_id=${sessionId}` });
      expect(result.json()).toEqual({ status: 'active', tier: 'MIDDLE' });
      // Paying twice (a double click) starts one subscription.
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/checkout/${sessionId}/complete`,
        headers: fan.headers,
      });
      expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.id))).toHaveLength(1);
    });

    it('words an expired plan checkout for a plan, not a reservation', async () => {
      const fan = await createUser(t.app);
      const sessionId = ((await subscribe(t.app, fan, 'ENTRY')).json().url as string).split('/').pop()!;
      await t.app.db
        .update(localCheckoutSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(localCheckoutSessions.id, sessionId));
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/checkout/${sessionId}/complete`,
        headers: fan.headers,
      });
      expect(paid.statusCode).toBe(409);
      expect(paid.json().message).toBe('This checkout has expired. Please choose your plan again.');
    });

    it('answers the checkout result of an unpaid checkout as incomplete, and of an unknown one as 404', async () => {
      const fan = await createUser(t.app);
      const sessionId = ((await subscribe(t.app, fan, 'ENTRY')).json().url as string).split('/').pop()!;
      expect((await t.app.inject({ url: `/api/subscription/checkout-result?session_id=${sessionId}` })).json()).toEqual(
        {
          status: 'incomplete',
          tier: 'ENTRY',
        },
      );
      expect((await t.app.inject({ url: '/api/subscription/checkout-result?session_id=lcs_nope' })).statusCode).toBe(
        404,
      );
    });

    it('sends a member with a live subscription to the portal (409) and reuses one payment customer per user', async () => {
      const fan = await createUser(t.app);
      await subscribeLocally(t.app, fan, 'ENTRY');
      const again = await subscribe(t.app, fan, 'HEADLINER');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/Change plan/);
      const customer = (await userRow(t.app, fan.id)).paymentCustomerId;

      // Ended (cancel, then the period ends): subscribing again uses the same customer.
      await portalAction(t.app, fan, 'cancel');
      await portalAction(t.app, fan, 'renew');
      expect(await userRow(t.app, fan.id)).toMatchObject({ subscriptionStatus: 'ENDED', subscriptionTier: 'NONE' });
      await subscribeLocally(t.app, fan, 'HEADLINER');
      const after = await userRow(t.app, fan.id);
      expect(after).toMatchObject({
        subscriptionTier: 'HEADLINER',
        subscriptionStatus: 'ACTIVE',
        paymentCustomerId: customer,
      });
    });

    it('two paid checkouts: the second subscription is cancelled at once and its payment refunded in full, once', async () => {
      const fan = await createUser(t.app);
      const sessionOf = async (tier: string) =>
        ((await subscribe(t.app, fan, tier)).json().url as string).split('/').pop()!;
      const first = await sessionOf('MIDDLE');
      const second = await sessionOf('HEADLINER'); // another tab, before the first was paid
      const pay = (id: string) =>
        t.app.inject({ method: 'POST', url: `/api/payments/local/checkout/${id}/complete`, headers: fan.headers });
      expect((await pay(first)).statusCode).toBe(200);
      expect((await pay(second)).statusCode).toBe(200);

      const [secondSession] = await t.app.db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, second));
      const extra = secondSession!.subscriptionId!;
      const [provider] = await t.app.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, extra));
      expect(provider!.status).toBe('canceled');
      expect(await userRow(t.app, fan.id)).toMatchObject({ subscriptionTier: 'MIDDLE', subscriptionStatus: 'ACTIVE' });

      const refund = await waitFor(async () => {
        const [row] = await t.app.db
          .select()
          .from(localRefunds)
          .where(eq(localRefunds.idempotencyKey, `refund:subscription:${extra}`));
        return row;
      });
      expect(refund).toMatchObject({ paymentId: secondSession!.paymentId, amountPence: planPricePence('HEADLINER') });
      await subjectsTo(t.app, fan.email, 'Refund: your second FourFour subscription');
      // The result page applies the same checkout again: no second refund, no second mail.
      await t.app.inject({ url: `/api/subscription/checkout-result?session_id=${second}` });
      await t.app.inject({ url: `/api/subscription/checkout-result?session_id=${first}` });
      expect(
        await t.app.db.select().from(localRefunds).where(eq(localRefunds.paymentId, secondSession!.paymentId!)),
      ).toHaveLength(1);
      const subjects = await subjectsTo(t.app, fan.email);
      expect(subjects.filter((x) => x.startsWith('Refund:'))).toHaveLength(1);
    });
  });

  describe('the portal', () => {
    it('answers the portal deep links for the caller only, and 409 without a subscription', async () => {
      const fan = await createUser(t.app);
      for (const path of ['portal/upgrade-or-downgrade', 'portal/cancel', 'billing-portal']) {
        expect((await t.app.inject({ url: `/api/subscription/${path}`, headers: fan.headers })).statusCode).toBe(409);
      }
      await subscribeLocally(t.app, fan, 'ENTRY');
      const urls = await Promise.all(
        ['portal/upgrade-or-downgrade', 'portal/cancel', 'billing-portal'].map(
          async (p) => (await t.app.inject({ url: `/api/subscription/${p}`, headers: fan.headers })).json().url,
        ),
      );
      expect(urls).toEqual([
        '/local-pay/portal?flow=update',
        '/local-pay/portal?flow=cancel',
        '/local-pay/portal?flow=billing',
      ]);
      const stranger = await createUser(t.app);
      expect((await t.app.inject({ url: '/api/payments/local/portal', headers: stranger.headers })).statusCode).toBe(
        409,
      );
    });

    it('changes plan (benefits added on upgrade, kept on downgrade), cancels at period end, resumes, fails and renews', async () => {
      const fan = await createUser(t.app);
      await subscribeLocally(t.app, fan, 'ENTRY');
      expect(await benefitsOf(t.app, fan.id)).toHaveLength(5);

      const up = await portalAction(t.app, fan, 'change-plan', { tier: 'HEADLINER' });
      expect(up.json().subscription).toMatchObject({ tier: 'HEADLINER', status: 'active' });
      expect(await userRow(t.app, fan.id)).toMatchObject({
        subscriptionTier: 'HEADLINER',
        subscriptionStatus: 'ACTIVE',
      });
      expect(await benefitsOf(t.app, fan.id)).toHaveLength(14);
      await portalAction(t.app, fan, 'change-plan', { tier: 'ENTRY' });
      expect((await userRow(t.app, fan.id)).subscriptionTier).toBe('ENTRY');
      expect(await benefitsOf(t.app, fan.id)).toHaveLength(14);

      await portalAction(t.app, fan, 'cancel');
      const cancelled = await userRow(t.app, fan.id);
      expect(cancelled).toMatchObject({ subscriptionStatus: 'CANCELLED', subscriptionTier: 'ENTRY' });
      expect(cancelled.subscriptionExpiresAt!.getTime()).toBeGreaterThan(Date.now());
      await subjectsTo(t.app, fan.email, 'cancelled');
      const free = (await t.app.inject({ url: '/api/account/free-tickets', headers: fan.headers })).json();
      expect(free).toMatchObject({ max: 4, remaining: 4 });

      await portalAction(t.app, fan, 'resume');
      expect((await userRow(t.app, fan.id)).subscriptionStatus).toBe('ACTIVE');

      await portalAction(t.app, fan, 'fail-payment');
      expect((await userRow(t.app, fan.id)).subscriptionStatus).toBe('FAILED');
      await subjectsTo(t.app, fan.email, 'payment failed');
      const none = (await t.app.inject({ url: '/api/account/free-tickets', headers: fan.headers })).json();
      expect(none).toMatchObject({ max: 0, remaining: 0 });

      await portalAction(t.app, fan, 'renew');
      expect((await userRow(t.app, fan.id)).subscriptionStatus).toBe('ACTIVE');

      await portalAction(t.app, fan, 'cancel');
      await portalAction(t.app, fan, 'renew');
      const ended = await userRow(t.app, fan.id);
      expect(ended).toMatchObject({ subscriptionStatus: 'ENDED', subscriptionTier: 'NONE' });
      const subjects = await waitFor(async () => {
        const all = await subjectsTo(t.app, fan.email);
        return all.filter((s) => s.includes('cancelled')).length >= 2 && all;
      });
      expect(subjects.filter((s) => s.startsWith('Welcome'))).toHaveLength(1);
      expect(subjects.filter((s) => s.includes('cancelled'))).toHaveLength(2);
      expect((await portalAction(t.app, fan, 'resume')).statusCode).toBe(409);
    });

    it('ignores a duplicate event and applies the provider state whatever order events arrive in', async () => {
      const fan = await createUser(t.app);
      await subscribeLocally(t.app, fan, 'MIDDLE');
      const subId = (await userRow(t.app, fan.id)).paymentSubscriptionId!;
      const event = { id: 'local_evt_dup_1', type: 'customer.subscription.updated', objectId: subId, object: {} };
      await t.app.db
        .update(localSubscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(localSubscriptions.id, subId));
      expect(await handleProviderEvent(t.app, event)).toBe('applied');
      expect(await handleProviderEvent(t.app, event)).toBe('duplicate');
      // A late "created" event says nothing new: the subscription is re-read and stays CANCELLED.
      await handleProviderEvent(t.app, {
        ...event,
        id: 'local_evt_late_created',
        type: 'customer.subscription.created',
      });
      expect((await userRow(t.app, fan.id)).subscriptionStatus).toBe('CANCELLED');
      const subjects = await subjectsTo(t.app, fan.email, 'cancelled');
      expect(subjects.filter((s) => s.includes('cancelled'))).toHaveLength(1);
    });
  });

  describe('age verification', () => {
    it('is for ADMIN and MASTER only', async () => {
      expect((await t.app.inject({ url: '/api/admin/verification/pending' })).statusCode).toBe(401);
      const fan = await createUser(t.app);
      const res = await t.app.inject({ url: '/api/admin/verification/pending', headers: fan.headers });
      expect(res.statusCode).toBe(403);
      const master = await createUser(t.app, { role: 'MASTER' });
      expect((await t.app.inject({ url: '/api/admin/verification/pending', headers: master.headers })).statusCode).toBe(
        200,
      );
      const verify = await t.app.inject({
        method: 'POST',
        url: `/api/admin/verification/${fan.id}/verify`,
        headers: fan.headers,
      });
      expect(verify.statusCode).toBe(403);
    });

    it('lists pending subscribers in zero-based pages with a tier filter, and VERIFIED unlocks free tickets', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      await subscribeLocally(t.app, a, 'ENTRY');
      await subscribeLocally(t.app, b, 'HEADLINER');
      const entries = await asAdmin(
        t.app,
        admin,
        'GET',
        '/api/admin/verification/pending?page=0&subscriptionTier=ENTRY',
      );
      expect(entries.json().content.every((u: { subscriptionTier: string }) => u.subscriptionTier === 'ENTRY')).toBe(
        true,
      );
      expect(entries.json().content.map((u: { id: number }) => u.id)).toContain(a.id);
      const row = entries.json().content.find((u: { id: number }) => u.id === a.id);
      expect(row).toEqual({
        id: a.id,
        username: a.username,
        email: a.email,
        subscriptionTier: 'ENTRY',
        birthDate: '1994-03-02',
        subscriptionStartDate: expect.any(String),
      });
      const pageOne = await asAdmin(t.app, admin, 'GET', '/api/admin/verification/pending?page=0&size=1');
      expect(pageOne.json()).toMatchObject({ number: 0, size: 1, content: [expect.any(Object)] });
      expect(pageOne.json().totalPages).toBe(pageOne.json().totalElements);

      // Before verification a free ticket is refused with the spec's message.
      const event = await createEvent(t.app);
      const early = await reserve(t.app, a, event.id, [draft('STANDARD', { useFreeTicket: true })]);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Free tickets unlock after age verification.');

      const verified = await asAdmin(t.app, admin, 'POST', `/api/admin/verification/${a.id}/verify`);
      expect(verified.json()).toMatchObject({ verificationStatus: 'VERIFIED' });
      await subjectsTo(t.app, a.email, 'verified');
      const after = await asAdmin(t.app, admin, 'GET', '/api/admin/verification/pending?subscriptionTier=ENTRY');
      expect(after.json().content.map((u: { id: number }) => u.id)).not.toContain(a.id);

      const free = await reserve(t.app, a, event.id, [draft('STANDARD', { useFreeTicket: true })]);
      expect(free.statusCode, free.body).toBe(200);
      expect(free.json().totalAmount).toBe(0);
    });

    it('UNDERAGE ends the plan at once with no further charges, stops benefits, free tickets, subscribing and buying; sign-in still works', async () => {
      const fan = await createUser(t.app);
      await subscribeLocally(t.app, fan, 'MIDDLE');
      const subId = (await userRow(t.app, fan.id)).paymentSubscriptionId!;
      const res = await asAdmin(t.app, admin, 'POST', `/api/admin/verification/${fan.id}/underage`);
      expect(res.json()).toMatchObject({
        verificationStatus: 'UNDERAGE',
        subscriptionTier: 'NONE',
        subscriptionStatus: 'ENDED',
      });

      const [provider] = await t.app.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, subId));
      expect(provider!.status).toBe('canceled');
      // A late event from before the cancel cannot bring the plan back.
      await handleProviderEvent(t.app, {
        id: 'local_evt_late_u',
        type: 'invoice.paid',
        objectId: 'in_x',
        object: { subscription: subId },
      });
      expect(await userRow(t.app, fan.id)).toMatchObject({ subscriptionStatus: 'ENDED', subscriptionTier: 'NONE' });

      const again = await subscribe(t.app, fan, 'ENTRY');
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe('Access is disabled due to age verification failure.');
      const event = await createEvent(t.app);
      const buy = await reserve(t.app, fan, event.id, [draft('STANDARD')]);
      expect(buy.statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/account/free-tickets', headers: fan.headers })).json()).toMatchObject({
        remaining: 0,
      });
      const benefit = (await benefitsOf(t.app, fan.id))[0]!;
      expect((await asAdmin(t.app, admin, 'POST', `/api/admin/benefits/deliver/${benefit.id}`)).statusCode).toBe(409);
      await subjectsTo(t.app, fan.email, 'stopped');

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: fan.email, password: fan.password },
      });
      expect(login.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/account/me', headers: fan.headers })).json().verificationStatus).toBe(
        'UNDERAGE',
      );
      expect((await asAdmin(t.app, admin, 'POST', `/api/admin/verification/${fan.id}/underage`)).statusCode).toBe(409);
    });
  });

  describe('benefits', () => {
    it('lists subscribers paged, sorted on a whitelist (default id desc) and searched by email', async () => {
      const a = await createUser(t.app, { email: `zed_${Date.now()}@bench.test` });
      await subscribeLocally(t.app, a, 'ENTRY');
      const list = await asAdmin(t.app, admin, 'GET', '/api/admin/benefits/subscribers?page=0&size=10');
      const ids = list.json().content.map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const byEmail = await asAdmin(t.app, admin, 'GET', '/api/admin/benefits/subscribers?sort=email,ASC&size=100');
      const emails = byEmail.json().content.map((r: { email: string }) => r.email);
      expect(emails).toEqual([...emails].sort());
      const search = await asAdmin(
        t.app,
        admin,
        'GET',
        `/api/admin/benefits/subscribers?email=${encodeURIComponent('ZED_')}`,
      );
      expect(search.json().content).toEqual([
        expect.objectContaining({ id: a.id, subscriptionTier: 'ENTRY', benefitsTotal: 5, benefitsDelivered: 0 }),
      ]);
      const bad = await asAdmin(t.app, admin, 'GET', '/api/admin/benefits/subscribers?sort=passwordHash,ASC');
      expect(bad.statusCode).toBe(400);
      expect((await asAdmin(t.app, admin, 'GET', '/api/admin/benefits/subscribers?sort=id,SIDEWAYS')).statusCode).toBe(
        400,
      );
      const fan = await createUser(t.app);
      expect((await t.app.inject({ url: '/api/admin/benefits/subscribers', headers: fan.headers })).statusCode).toBe(
        403,
      );
    });

    it('delivers (deliveredAt set) and undelivers (cleared) for a verified member only', async () => {
      const fan = await createUser(t.app);
      await subscribeLocally(t.app, fan, 'ENTRY');
      const records = (await asAdmin(t.app, admin, 'GET', `/api/admin/benefits/user/${fan.id}`)).json();
      expect(records).toHaveLength(5);
      expect(records[0]).toEqual({
        id: expect.any(Number),
        benefitType: 'EVENT_ACCESS',
        tier: 'ENTRY',
        delivered: false,
        deliveredAt: null,
      });
      const locked = await asAdmin(t.app, admin, 'POST', `/api/admin/benefits/deliver/${records[0].id}`);
      expect(locked.statusCode).toBe(409);
      await asAdmin(t.app, admin, 'POST', `/api/admin/verification/${fan.id}/verify`);
      const delivered = (await asAdmin(t.app, admin, 'POST', `/api/admin/benefits/deliver/${records[0].id}`)).json();
      expect(delivered).toMatchObject({ delivered: true, deliveredAt: expect.any(String) });
      const undelivered = (
        await asAdmin(t.app, admin, 'POST', `/api/admin/benefits/undeliver/${records[0].id}`)
      ).json();
      expect(undelivered).toMatchObject({ delivered: false, deliveredAt: null });
      expect((await asAdmin(t.app, admin, 'POST', '/api/admin/benefits/deliver/999999999')).statusCode).toBe(404);
      expect((await asAdmin(t.app, admin, 'GET', '/api/admin/benefits/user/999999999')).statusCode).toBe(404);
    });
  });

  it('deleting the account cancels the subscription at the period end', async () => {
    const fan = await createUser(t.app);
    await subscribeLocally(t.app, fan, 'MIDDLE');
    const subId = (await userRow(t.app, fan.id)).paymentSubscriptionId!;
    const res = await deleteOwnAccount(t.app, fan);
    expect(res.statusCode).toBeLessThan(300);
    const provider = await waitFor(async () => {
      const [row] = await t.app.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, subId));
      return row?.cancelAtPeriodEnd ? row : undefined;
    });
    expect(provider.status).toBe('active');
    const ours = await waitFor(async () => {
      const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
      return row?.providerStatus === 'active' && row.cancelAtPeriodEnd ? row : undefined;
    });
    expect(ours).toMatchObject({ status: 'CANCELLED', cancelAtPeriodEnd: true });
  });
});
