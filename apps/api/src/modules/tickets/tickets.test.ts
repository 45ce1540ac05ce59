import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@fourfour/shared/tickets';
import { localRefunds, orders, reservations, tickets, users } from '../../db/schema/index.ts';
import { createPayloadSeal } from '../../lib/sealed-payload.ts';
import { verifyTicketToken } from '../../lib/ticket-token.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { handleProviderEvent } from '../payments/payments.service.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { createCheckout, draft, mailTo, makeAffiliate, makeMember, reserve, stockOf } from './tickets.test-kit.ts';

/** Purchase with the local provider: every rule, fulfilment, my tickets, free tickets, QR codes. */
describe('tickets with the local provider', () => {
  let t: TestApp;
  let fan: TestUser;
  let affiliate: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    fan = await createUser(t.app);
    affiliate = await createUser(t.app, { role: 'AFFILIATE' });
    await makeAffiliate(t.app, affiliate.id, `AFF${affiliate.id}`);
  });
  afterAll(async () => t?.close());

  async function payLocally(user: TestUser, reservationToken: string) {
    const checkout = await createCheckout(t.app, user, reservationToken);
    expect(checkout.statusCode).toBe(200);
    const url: string = checkout.json().url;
    expect(url).toMatch(/^\/local-pay\/checkout\/lcs_/);
    const sessionId = url.split('/').pop()!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${sessionId}/complete`,
      headers: user.headers,
    });
    expect(paid.statusCode).toBe(200);
    return { sessionId, successUrl: paid.json().url as string };
  }

  describe('reserve refuses what the spec forbids', () => {
    it.each([
      ['no ticket', [], TICKET_MESSAGES.atLeastOne],
      ['a missing name', [{ ...draft(), firstName: '  ' }], TICKET_MESSAGES.fillAllFields],
      ['a missing birth date', [{ ...draft(), dateOfBirth: '' }], TICKET_MESSAGES.fillAllFields],
      ['an attendee under 18', [draft(), { ...draft(), dateOfBirth: '2015-01-01' }], TICKET_MESSAGES.attendeesAdult],
      ['an impossible birth date', [{ ...draft(), dateOfBirth: '1990-02-31' }], TICKET_MESSAGES.attendeesAdult],
      ['more than 10 tickets', Array.from({ length: 11 }, () => draft()), TICKET_MESSAGES.tooMany],
      [
        'two free tickets',
        [draft('STANDARD', { useFreeTicket: true }), draft('STANDARD', { useFreeTicket: true })],
        TICKET_MESSAGES.oneFreePerEvent,
      ],
      ['a free VIP ticket', [draft('VIP', { useFreeTicket: true })], TICKET_MESSAGES.freeStandardOnly],
    ])('refuses %s', async (_name, drafts, message) => {
      const event = await createEvent(t.app);
      const res = await reserve(t.app, fan, event.id, drafts);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    });

    it('needs a signed-in user', async () => {
      const event = await createEvent(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/tickets/reserve?eventId=${event.id}`,
        payload: [draft()],
      });
      expect(res.statusCode).toBe(401);
    });

    // The hold statement checks the account itself (one round trip); these are the cases the
    // auth guard used to answer before anything else, and still must.
    it.each([
      ['signed out everywhere', { sessionVersion: 7 }],
      ['disabled', { disabled: true }],
      ['deleted', { deleted: true }],
    ] as const)('answers 401 to a session whose account was %s, and holds nothing', async (_name, change) => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      await t.app.db.update(users).set(change).where(eq(users.id, buyer.id));
      for (const [drafts, code] of [
        [[draft()], undefined],
        [[draft('STANDARD', { useFreeTicket: true })], undefined],
        [[draft()], 'NO-SUCH-CODE'],
        [[draft('STANDARD', { firstName: '' })], undefined],
        [[], undefined],
      ] as const) {
        const res = await reserve(t.app, buyer, event.id, [...drafts], code);
        expect(res.statusCode, JSON.stringify(drafts)).toBe(401);
        expect(res.json().message).toBe('Your session has ended. Please log in again.');
      }
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/tickets/reserve?eventId=${event.id}`,
        headers: buyer.headers,
        payload: [{ ticketType: 'BALCONY' }],
      });
      expect(bad.statusCode).toBe(401);
      expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    });

    it('does nothing on behalf of an ended session, not even releasing lapsed holds', async () => {
      const event = await createEvent(t.app, { totalStandard: 1 });
      const other = await createUser(t.app);
      const token = (await reserve(t.app, other, event.id, [draft()])).json().reservationToken;
      await t.app.db
        .update(reservations)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(reservations.id, token));
      const gone = await createUser(t.app);
      await t.app.db.update(users).set({ deleted: true }).where(eq(users.id, gone.id));
      expect((await reserve(t.app, gone, event.id, [draft()])).statusCode).toBe(401);
      const [lapsed] = await t.app.db.select().from(reservations).where(eq(reservations.id, token));
      expect(lapsed!.status).toBe('HELD');
      expect((await stockOf(t.app, event.id)).heldStandard).toBe(1);
      // A live buyer's refusal does release it, and takes the ticket.
      expect((await reserve(t.app, fan, event.id, [draft()])).statusCode).toBe(200);
    });

    it('refuses an UNDERAGE account with 403 and holds nothing', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      await t.app.db.update(users).set({ verificationStatus: 'UNDERAGE' }).where(eq(users.id, buyer.id));
      const res = await reserve(t.app, buyer, event.id, [draft()]);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('UNDERAGE');
      expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    });

    it('refuses an unknown event, a PLANNED one, a cancelled one and one starting within 2 hours', async () => {
      expect((await reserve(t.app, fan, 999_999, [draft()])).statusCode).toBe(404);
      const planned = await createEvent(t.app, { status: 'PLANNED' });
      const cancelled = await createEvent(t.app, { cancelled: true });
      const soon = await createEvent(t.app, { startsAt: new Date(Date.now() + 90 * 60_000) });
      const undated = await createEvent(t.app, { startsAt: null });
      expect((await reserve(t.app, fan, planned.id, [draft()])).json().message).toBe(TICKET_MESSAGES.eventNotOnSale);
      expect((await reserve(t.app, fan, cancelled.id, [draft()])).json().message).toBe(TICKET_MESSAGES.eventCancelled);
      expect((await reserve(t.app, fan, soon.id, [draft()])).json().message).toBe(TICKET_MESSAGES.purchaseClosed);
      expect((await reserve(t.app, fan, undated.id, [draft()])).statusCode).toBe(409);
    });

    it('refuses more tickets of a type than remain', async () => {
      const event = await createEvent(t.app, { totalStandard: 3, totalVip: 1 });
      const res = await reserve(t.app, fan, event.id, [draft('VIP'), draft('VIP')]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TICKET_MESSAGES.notEnoughStock);
      expect((await reserve(t.app, fan, event.id, [draft(), draft(), draft(), draft('VIP')])).statusCode).toBe(200);
      expect((await reserve(t.app, fan, event.id, [draft()])).json().message).toBe(TICKET_MESSAGES.notEnoughStock);
    });

    it('refuses an invalid affiliate code, a plain user’s code and one’s own code', async () => {
      const event = await createEvent(t.app);
      const plain = await createUser(t.app);
      await makeAffiliate(t.app, plain.id, `PLAIN${plain.id}`);
      for (const code of ['NOPE', `PLAIN${plain.id}`]) {
        const res = await reserve(t.app, fan, event.id, [draft()], code);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(TICKET_MESSAGES.affiliateInvalid);
      }
      expect((await reserve(t.app, affiliate, event.id, [draft()], `AFF${affiliate.id}`)).statusCode).toBe(400);
    });
  });

  it('validates affiliate codes: 10% for a live affiliate’s code', async () => {
    const ok = await t.app.inject({ url: `/api/tickets/validate?code=AFF${affiliate.id}`, headers: fan.headers });
    expect(ok.json()).toEqual({ valid: true, discountPercent: 10 });
    const lower = await t.app.inject({ url: `/api/tickets/validate?code=aff${affiliate.id}`, headers: fan.headers });
    expect(lower.json().valid).toBe(true);
    const bad = await t.app.inject({ url: '/api/tickets/validate?code=WHATEVER', headers: fan.headers });
    expect(bad.json()).toEqual({ valid: false, discountPercent: 0 });
  });

  it('holds stock for 30 minutes and prices from the server with 10% off each ticket', async () => {
    const event = await createEvent(t.app, { standardPricePence: 1999, vipPricePence: 5000 });
    const before = Date.now();
    const res = await reserve(t.app, fan, event.id, [draft(), draft('VIP')], `AFF${affiliate.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 19.99 → 17.99 (rounded per ticket), 50.00 → 45.00
    expect(body.totalAmount).toBe(62.99);
    const expires = new Date(body.expiresAt).getTime();
    expect(expires - before).toBeGreaterThan(29 * 60_000);
    expect(expires - before).toBeLessThan(31 * 60_000);
    const stock = await stockOf(t.app, event.id);
    expect([stock.heldStandard, stock.heldVip, stock.soldStandard]).toEqual([1, 1, 0]);
  });

  it('fulfils a local payment: tickets, sold stock, affiliate on order and tickets, result FULFILLED, email with QR and .ics', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { title: 'Warehouse Night', standardPricePence: 2000, vipPricePence: 5000 });
    const res = await reserve(t.app, buyer, event.id, [draft(), draft('VIP')], `AFF${affiliate.id}`);
    const token = res.json().reservationToken;
    const { sessionId, successUrl } = await payLocally(buyer, token);
    expect(successUrl).toContain(`/payment-success?session_id=${sessionId}`);

    const result = await t.app.inject({ url: `/api/tickets/checkout-result?session_id=${sessionId}` });
    expect(result.json().state).toBe('FULFILLED');

    const [order] = await t.app.db.select().from(orders).where(eq(orders.reservationId, token));
    expect(order).toMatchObject({
      status: 'PAID',
      outcome: 'FULFILLED',
      amountPence: 1800 + 4500,
      affiliateId: affiliate.id,
    });
    expect(order!.providerPaymentId).toMatch(/^lpi_/);
    const issued = await t.app.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    expect(issued.map((x) => [x.ticketType, x.pricePaidPence, x.affiliateId]).sort()).toEqual([
      ['STANDARD', 1800, affiliate.id],
      ['VIP', 4500, affiliate.id],
    ]);
    const stock = await stockOf(t.app, event.id);
    expect([stock.heldStandard, stock.heldVip, stock.soldStandard, stock.soldVip]).toEqual([0, 0, 1, 1]);

    const mail = await mailTo(t.app, buyer.email, 'Warehouse Night');
    expect(mail.attachments?.map((a) => a.filename).sort()).toEqual([
      'event.ics',
      'ticket-1-standard.png',
      'ticket-2-vip.png',
    ]);

    // The emailed QR images decode to tokens that verify to the issued ticket ids.
    const jobs = await t.app.database.raw.query<{
      data: { to: string; attachments?: { filename: string; contentBase64: string }[] };
    }>(`SELECT data FROM pgboss.job WHERE name = 'mail.send'`);
    const seal = createPayloadSeal(t.app.config.appSecret);
    const sent = jobs.rows.map((r) => seal.open<typeof r.data>('mail.send', r.data)).find((d) => d.to === buyer.email)!;
    const ids = new Set<string>();
    for (const a of sent.attachments!.filter((x) => x.filename.endsWith('.png'))) {
      const png = PNG.sync.read(Buffer.from(a.contentBase64, 'base64'));
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      ids.add(verifyTicketToken(code!.data, t.app.config.ticketSigningKeyPem)!);
    }
    expect(ids).toEqual(new Set(issued.map((x) => x.id)));
    const ics = Buffer.from(
      sent.attachments!.find((a) => a.filename === 'event.ics')!.contentBase64,
      'base64',
    ).toString();
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain('SUMMARY:Warehouse Night\r\n');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('answers the same checkout URL when asked twice, and refuses a paid or foreign reservation', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app);
    const token = (await reserve(t.app, buyer, event.id, [draft()])).json().reservationToken;
    const first = (await createCheckout(t.app, buyer, token)).json().url;
    expect((await createCheckout(t.app, buyer, token)).json().url).toBe(first);
    expect((await createCheckout(t.app, fan, token)).statusCode).toBe(404);
    // Another user cannot see or pay the session either.
    const sessionId = first.split('/').pop();
    expect(
      (await t.app.inject({ url: `/api/payments/local/checkout/${sessionId}`, headers: fan.headers })).statusCode,
    ).toBe(404);
    await payLocally(buyer, token);
    const again = await createCheckout(t.app, buyer, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TICKET_MESSAGES.reservationUsed);
  });

  it('shows the local checkout page’s session and a second Pay is a no-op', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { standardPricePence: 1500, title: 'Deep Cuts' });
    const token = (await reserve(t.app, buyer, event.id, [draft(), draft()])).json().reservationToken;
    const sessionId = (await createCheckout(t.app, buyer, token)).json().url.split('/').pop();
    const view = await t.app.inject({ url: `/api/payments/local/checkout/${sessionId}`, headers: buyer.headers });
    expect(view.json()).toMatchObject({
      mode: 'payment',
      displayName: 'Tickets for Deep Cuts',
      status: 'open',
      amountTotal: 30,
      lineItems: [{ unitAmount: 15, quantity: 2 }],
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/checkout/${sessionId}/complete`,
        headers: buyer.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await t.app.db.select().from(tickets).where(eq(tickets.userId, buyer.id))).toHaveLength(2);
  });

  it('cancel on the local page releases the hold at once', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 2 });
    const token = (await reserve(t.app, buyer, event.id, [draft(), draft()])).json().reservationToken;
    const sessionId = (await createCheckout(t.app, buyer, token)).json().url.split('/').pop();
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${sessionId}/cancel`,
      headers: buyer.headers,
    });
    expect(res.json().url).toContain(`/purchase/${event.id}`);
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.reservationId, token));
    expect(order!.status).toBe('EXPIRED');
    // The expired session can no longer be paid.
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${sessionId}/complete`,
      headers: buyer.headers,
    });
    expect(pay.statusCode).toBe(409);
  });

  it('releases expired holds: by the sweep, and by a reservation that needs the stock', async () => {
    const event = await createEvent(t.app, { totalStandard: 1 });
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const first = (await reserve(t.app, a, event.id, [draft()])).json().reservationToken;
    expect((await reserve(t.app, b, event.id, [draft()])).statusCode).toBe(409);
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, first));
    // b's reservation releases a's lapsed hold first, then takes the ticket.
    expect((await reserve(t.app, b, event.id, [draft()])).statusCode).toBe(200);
    const [r] = await t.app.db.select().from(reservations).where(eq(reservations.id, first));
    expect(r!.status).toBe('EXPIRED');
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(1);
    // A lapsed checkout cannot be started.
    expect((await createCheckout(t.app, a, first)).json().message).toBe(TICKET_MESSAGES.reservationExpired);

    const other = await createEvent(t.app, { totalStandard: 5 });
    const held = (await reserve(t.app, a, other.id, [draft(), draft()])).json().reservationToken;
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, held));
    expect(await releaseExpiredHolds(t.app.db)).toBeGreaterThanOrEqual(1);
    expect((await stockOf(t.app, other.id)).heldStandard).toBe(0);
  });

  it('fulfils a payment that lands after the hold lapsed when stock remains', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 5 });
    const token = (await reserve(t.app, buyer, event.id, [draft()])).json().reservationToken;
    const sessionId = (await createCheckout(t.app, buyer, token)).json().url.split('/').pop();
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, token));
    await releaseExpiredHolds(t.app.db);
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${sessionId}/complete`,
      headers: buyer.headers,
    });
    const result = await t.app.inject({ url: `/api/tickets/checkout-result?session_id=${sessionId}` });
    expect(result.json().state).toBe('FULFILLED');
    const stock = await stockOf(t.app, event.id);
    expect([stock.heldStandard, stock.soldStandard]).toEqual([0, 1]);
  });

  describe('an UNDERAGE buyer', () => {
    const markUnderage = (userId: number) =>
      t.app.db.update(users).set({ verificationStatus: 'UNDERAGE' }).where(eq(users.id, userId));

    it('cannot start a checkout for a reservation made before the flag (the reserve refusal)', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      const token = (await reserve(t.app, buyer, event.id, [draft()])).json().reservationToken;
      const other = (await reserve(t.app, buyer, event.id, [draft()])).json().reservationToken;
      expect((await createCheckout(t.app, buyer, other)).statusCode).toBe(200);
      await markUnderage(buyer.id);
      for (const reservation of [token, other]) {
        const res = await createCheckout(t.app, buyer, reservation);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'UNDERAGE',
          message: (await reserve(t.app, buyer, event.id, [draft()])).json().message,
        });
      }
    });

    it('paying anyway gets no tickets and a full refund with an email', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app, { title: 'Over 18s', totalStandard: 5 });
      const token = (await reserve(t.app, buyer, event.id, [draft(), draft()])).json().reservationToken;
      const sessionId = (await createCheckout(t.app, buyer, token)).json().url.split('/').pop();
      await markUnderage(buyer.id);
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/local/checkout/${sessionId}/complete`,
        headers: buyer.headers,
      });
      expect(paid.statusCode).toBe(200);
      const order = await waitFor(async () => {
        const [o] = await t.app.db.select().from(orders).where(eq(orders.reservationId, token));
        return o?.status === 'REFUNDED' && o;
      });
      expect(order).toMatchObject({ refundReason: 'UNDERAGE', outcome: 'REFUNDED_TIMEOUT' });
      expect(await t.app.db.select().from(tickets).where(eq(tickets.userId, buyer.id))).toHaveLength(0);
      const stock = await stockOf(t.app, event.id);
      expect([stock.soldStandard, stock.heldStandard]).toEqual([0, 0]);
      const refunds = await t.app.db
        .select()
        .from(localRefunds)
        .where(eq(localRefunds.paymentId, order.providerPaymentId!));
      expect(refunds.map((r) => r.amountPence)).toEqual([order.amountPence]);
      const result = (await t.app.inject({ url: `/api/tickets/checkout-result?session_id=${sessionId}` })).json();
      expect(result.state).toBe('REFUNDED_TIMEOUT');
      expect(result.message).toMatch(/^Access is disabled due to age verification failure\. No tickets were issued/);
      const mail = await mailTo(t.app, buyer.email, 'Refund: your order for Over 18s');
      expect(mail.text).toMatch(/age verification/);
    });
  });

  describe('free tickets', () => {
    it('are issued at once for a verified member and answer the free=1 URL', async () => {
      const member = await createUser(t.app);
      await makeMember(t.app, member.id, 'ENTRY');
      const event = await createEvent(t.app);
      const res = await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true })]);
      expect(res.json().totalAmount).toBe(0);
      const token = res.json().reservationToken;
      const checkout = await createCheckout(t.app, member, token);
      expect(checkout.json().url).toBe(`/payment-success?free=1&reservation=${token}`);
      const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.userId, member.id));
      expect(ticket).toMatchObject({ isFree: true, pricePaidPence: 0, status: 'VALID' });
      const usage = await t.app.inject({ url: '/api/account/free-tickets', headers: member.headers });
      expect(usage.json()).toMatchObject({
        used: 1,
        max: 4,
        remaining: 3,
        unlimited: false,
        year: new Date().getFullYear(),
      });
      const eventUsage = await t.app.inject({
        url: `/api/tickets/event-usage?eventId=${event.id}`,
        headers: member.headers,
      });
      expect(eventUsage.json()).toEqual({ hasFreeForEvent: true });
      // One per event, whether held or issued.
      const again = await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true })]);
      expect(again.json().message).toBe(TICKET_MESSAGES.freeAlreadyUsed);
      await mailTo(t.app, member.email, 'Your tickets');
    });

    it('need a verified, active subscription with allowance left', async () => {
      const event = await createEvent(t.app);
      const none = await createUser(t.app);
      const unverified = await createUser(t.app);
      await makeMember(t.app, unverified.id, 'MIDDLE', 'PENDING');
      const ended = await createUser(t.app);
      await makeMember(t.app, ended.id, 'MIDDLE', 'VERIFIED', 'ENDED');
      const free = [draft('STANDARD', { useFreeTicket: true })];
      expect((await reserve(t.app, none, event.id, free)).json().message).toBe(TICKET_MESSAGES.freeNoneRemaining);
      expect((await reserve(t.app, unverified, event.id, free)).json().message).toBe(
        TICKET_MESSAGES.freeNeedsVerification,
      );
      expect((await reserve(t.app, ended, event.id, free)).json().message).toBe(TICKET_MESSAGES.freeNoneRemaining);
      expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    });

    it('stop at the yearly allowance (ENTRY 4), and a held one counts', async () => {
      const member = await createUser(t.app);
      await makeMember(t.app, member.id, 'ENTRY');
      for (let i = 0; i < 4; i++) {
        const event = await createEvent(t.app);
        const res = await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true }), draft('VIP')]);
        expect(res.statusCode).toBe(200);
      }
      const fifth = await createEvent(t.app);
      const res = await reserve(t.app, member, fifth.id, [draft('STANDARD', { useFreeTicket: true })]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TICKET_MESSAGES.freeNoneRemaining);
    });

    it('are unlimited for HEADLINER', async () => {
      const member = await createUser(t.app);
      await makeMember(t.app, member.id, 'HEADLINER');
      const usage = await t.app.inject({ url: '/api/account/free-tickets', headers: member.headers });
      expect(usage.json()).toMatchObject({ used: 0, max: -1, remaining: -1, unlimited: true });
    });

    it('serialise parallel claims: two reservations cannot both take the last one', async () => {
      const member = await createUser(t.app);
      await makeMember(t.app, member.id, 'ENTRY');
      for (let i = 0; i < 3; i++) {
        const e = await createEvent(t.app);
        await reserve(t.app, member, e.id, [draft('STANDARD', { useFreeTicket: true })]);
      }
      const [e1, e2, e3] = await Promise.all([createEvent(t.app), createEvent(t.app), createEvent(t.app)]);
      const results = await Promise.all(
        [e1!, e2!, e3!].map((e) => reserve(t.app, member, e.id, [draft('STANDARD', { useFreeTicket: true })])),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    });
  });

  describe('my tickets', () => {
    let owner: TestUser;
    let upcomingId: string;
    beforeAll(async () => {
      owner = await createUser(t.app);
      const event = await createEvent(t.app, { title: 'Upcoming One' });
      const token = (await reserve(t.app, owner, event.id, [draft('VIP')])).json().reservationToken;
      await payLocally(owner, token);
      const [row] = await t.app.db.select().from(tickets).where(eq(tickets.userId, owner.id));
      upcomingId = row!.id;
      // A ticket for an event that has ended.
      const past = await createEvent(t.app, { title: 'Past One' });
      const pastToken = (await reserve(t.app, owner, past.id, [draft()])).json().reservationToken;
      await payLocally(owner, pastToken);
      await t.app.db.execute(
        sql`UPDATE events SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 day' WHERE id = ${past.id}`,
      );
    });

    it('lists upcoming tickets by default, past ones when asked, without QR unless asked', async () => {
      const list = await t.app.inject({ url: '/api/account/my-tickets', headers: owner.headers });
      expect(list.json().map((x: { eventTitle: string }) => x.eventTitle)).toEqual(['Upcoming One']);
      expect(list.json()[0]).toMatchObject({ ticketType: 'VIP', status: 'VALID', pricePaid: 50 });
      expect(list.json()[0]).not.toHaveProperty('qrBase64');
      expect(list.json()[0].startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
      const all = await t.app.inject({
        url: '/api/account/my-tickets?includePast=true&includeQr=true',
        headers: owner.headers,
      });
      expect(all.json()).toHaveLength(2);
      expect(all.json().every((x: { qrBase64?: string }) => typeof x.qrBase64 === 'string')).toBe(true);
    });

    it('shows one ticket with a QR that decodes to a token that verifies; an altered token fails', async () => {
      const res = await t.app.inject({
        url: `/api/account/my-tickets/${upcomingId}?includeQr=true`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      const png = PNG.sync.read(Buffer.from(res.json().qrBase64, 'base64'));
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(code).not.toBeNull();
      const key = t.app.config.ticketSigningKeyPem;
      expect(verifyTicketToken(code!.data, key)).toBe(upcomingId);
      const chars = code!.data.split('');
      const i = 10;
      chars[i] = chars[i] === 'A' ? 'B' : 'A';
      expect(verifyTicketToken(chars.join(''), key)).toBeNull();
      const sig = code!.data.slice(0, -2) + (code!.data.endsWith('AA') ? 'BA' : 'AA');
      expect(verifyTicketToken(sig, key)).toBeNull();
      expect(verifyTicketToken('not-a-token', key)).toBeNull();
    });

    it('answers another user’s ticket as not found', async () => {
      const res = await t.app.inject({ url: `/api/account/my-tickets/${upcomingId}`, headers: fan.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TICKET_MESSAGES.ticketNotFound);
    });
  });

  it('voids tickets, refunds paid orders, returns free allowance and emails holders when an owned event is cancelled', async () => {
    const { cancelEventTickets } = await import('./refunds.service.ts');
    const buyer = await createUser(t.app);
    const member = await createUser(t.app);
    await makeMember(t.app, member.id, 'ENTRY');
    const event = await createEvent(t.app, { title: 'Doomed Party' });
    await payLocally(buyer, (await reserve(t.app, buyer, event.id, [draft()])).json().reservationToken);
    await createCheckout(
      t.app,
      member,
      (await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true })])).json().reservationToken,
    );
    const holder = await createUser(t.app);
    await reserve(t.app, holder, event.id, [draft(), draft()]);
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(2);

    await t.app.db.execute(sql`UPDATE events SET cancelled = true, cancelled_at = now() WHERE id = ${event.id}`);
    await cancelEventTickets(t.app, event.id);
    await cancelEventTickets(t.app, event.id); // a retried job changes nothing more

    const all = await t.app.db.select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(all.every((x) => x.status === 'VOID')).toBe(true);
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(0);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id));
    await waitFor(async () => {
      const [o] = await t.app.db.select().from(orders).where(eq(orders.id, order!.id));
      return o!.status === 'REFUNDED' && o;
    });
    const usage = await t.app.inject({ url: '/api/account/free-tickets', headers: member.headers });
    expect(usage.json().used).toBe(0);
    for (const u of [buyer, member]) await mailTo(t.app, u.email, 'Cancelled: Doomed Party');
  });

  it('a full refund made outside the app (charge.refunded) voids the order and returns its stock', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { title: 'Refunded Elsewhere' });
    await payLocally(buyer, (await reserve(t.app, buyer, event.id, [draft(), draft('VIP')])).json().reservationToken);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id));
    // The local provider records refunds it made; this one was not asked for by the order's flow.
    await t.app.payments.refund({ paymentId: order!.providerPaymentId!, idempotencyKey: 'support:1' });
    const refunded = {
      id: 'local_evt_charge_refunded_1',
      type: 'charge.refunded',
      objectId: 'ch_local',
      object: { payment_intent: order!.providerPaymentId },
    };
    expect(await handleProviderEvent(t.app, refunded)).toBe('applied');
    expect(await handleProviderEvent(t.app, refunded)).toBe('duplicate');
    const [after] = await t.app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({ status: 'REFUNDED', refundReason: 'PROVIDER' });
    const mine = await t.app.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    expect(mine.map((x) => x.status)).toEqual(['VOID', 'VOID']);
    const stock = await stockOf(t.app, event.id);
    expect([stock.soldStandard, stock.soldVip]).toEqual([0, 0]);
    await mailTo(t.app, buyer.email, 'Refunded: your tickets for Refunded Elsewhere');
  });

  it('an admin cancelling an event runs the tickets listener through the durable job', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { title: 'Admin Cancels' });
    await payLocally(buyer, (await reserve(t.app, buyer, event.id, [draft(), draft('VIP')])).json().reservationToken);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/cancel`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    await mailTo(t.app, buyer.email, 'Cancelled: Admin Cancels');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id));
    await waitFor(async () => {
      const [o] = await t.app.db.select().from(orders).where(eq(orders.id, order!.id));
      return o!.status === 'REFUNDED';
    });
    const voided = await t.app.db.select().from(tickets).where(eq(tickets.userId, buyer.id));
    expect(voided.map((x) => x.status)).toEqual(['VOID', 'VOID']);
  });

  it('a third-party organiser’s cancelled event voids tickets and names the organiser’s contact', async () => {
    const { cancelEventTickets } = await import('./refunds.service.ts');
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, {
      title: 'Their Party',
      organiserName: 'Skyline',
      organiserContact: 'help@skyline.example',
    });
    await payLocally(buyer, (await reserve(t.app, buyer, event.id, [draft()])).json().reservationToken);
    await t.app.db.execute(sql`UPDATE events SET cancelled = true WHERE id = ${event.id}`);
    await cancelEventTickets(t.app, event.id);
    const mail = await mailTo(t.app, buyer.email, 'Cancelled: Their Party');
    expect(mail.text).toContain('help@skyline.example');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order!.status).toBe('PAID');
  });
});
