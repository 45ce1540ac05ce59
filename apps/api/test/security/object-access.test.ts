import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout, draft, reserve } from '../../src/modules/tickets/tickets.test-kit.ts';
import { createEvent, createUser, type TestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/** Object-level checks: a signed-in user reaches only their own reservations, tickets and account. */
describe("one user cannot reach another user's things", () => {
  let t: TestApp;
  let alice: TestUser;
  let mallory: TestUser;
  let aliceTicketId: string;
  let aliceReservation: string;
  let aliceSessionId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    alice = await createUser(t.app);
    mallory = await createUser(t.app);
    const event = await createEvent(t.app);

    // Alice buys a ticket through the local provider.
    const paid = await reserve(t.app, alice, event.id, [draft('STANDARD')]);
    expect(paid.statusCode).toBe(200);
    const checkout = await createCheckout(t.app, alice, paid.json().reservationToken);
    aliceSessionId = String(checkout.json().url).split('/').pop()!;
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${aliceSessionId}/complete`,
      headers: alice.headers,
    });
    expect(completed.statusCode).toBe(200);
    const mine = await t.app.inject({ url: '/api/account/my-tickets', headers: alice.headers });
    aliceTicketId = mine.json()[0].ticketId;

    // And holds a second reservation she has not paid yet.
    aliceReservation = (await reserve(t.app, alice, event.id, [draft('VIP')])).json().reservationToken;
  });
  afterAll(async () => t?.close());

  it("does not show another user's ticket, with or without its QR", async () => {
    for (const url of [
      `/api/account/my-tickets/${aliceTicketId}`,
      `/api/account/my-tickets/${aliceTicketId}?includeQr=true`,
    ]) {
      const res = await t.app.inject({ url, headers: mallory.headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Lovelace');
    }
    const list = await t.app.inject({ url: '/api/account/my-tickets?includePast=true', headers: mallory.headers });
    expect(list.json()).toEqual([]);
    const own = await t.app.inject({ url: `/api/account/my-tickets/${aliceTicketId}`, headers: alice.headers });
    expect(own.statusCode).toBe(200);
  });

  it("does not open a checkout for another user's reservation", async () => {
    const res = await createCheckout(t.app, mallory, aliceReservation);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('/local-pay/checkout/');
  });

  it("does not let anyone else pay, cancel or view another user's local checkout page", async () => {
    const own = await createCheckout(t.app, alice, aliceReservation);
    const sessionId = String(own.json().url).split('/').pop()!;
    for (const [method, url] of [
      ['GET', `/api/payments/local/checkout/${sessionId}`],
      ['POST', `/api/payments/local/checkout/${sessionId}/complete`],
      ['POST', `/api/payments/local/checkout/${sessionId}/cancel`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: mallory.headers });
      expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    const still = await t.app.inject({ url: `/api/payments/local/checkout/${sessionId}`, headers: alice.headers });
    expect(still.statusCode).toBe(200);
  });

  it('answers account, 2FA and password calls for the caller only', async () => {
    const me = await t.app.inject({ url: '/api/account/me', headers: mallory.headers });
    expect(me.json().email).toBe(mallory.email);
    const status = await t.app.inject({ url: '/api/account/2fa/status', headers: mallory.headers });
    expect(status.statusCode).toBe(200);
    // Changing a password needs the caller's own current password; Alice's does not work for Mallory.
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: mallory.headers,
      payload: { currentPassword: 'Wrong#Pass123', newPassword: 'Another#Pass456' },
    });
    expect(change.statusCode).toBeGreaterThanOrEqual(400);
    const aliceStillIn = await t.app.inject({ url: '/api/auth/me', headers: alice.headers });
    expect(aliceStillIn.statusCode).toBe(200);
  });

  it("neither lists nor signs out another user's devices", async () => {
    const listed = await t.app.inject({ url: '/api/account/sessions', headers: mallory.headers });
    expect(listed.json().map((d: { id: string }) => d.id)).toEqual([mallory.sessionId]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${alice.sessionId}`,
      headers: mallory.headers,
    });
    expect(res.statusCode).toBe(404);
    const others = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/sign-out-others',
      headers: mallory.headers,
    });
    expect(others.statusCode).toBe(200);
    const aliceStillIn = await t.app.inject({ url: '/api/auth/me', headers: alice.headers });
    expect(aliceStillIn.statusCode).toBe(200);
    const aliceList = await t.app.inject({ url: '/api/account/sessions', headers: alice.headers });
    expect(aliceList.json().map((d: { id: string }) => d.id)).toEqual([alice.sessionId]);
  });
});
