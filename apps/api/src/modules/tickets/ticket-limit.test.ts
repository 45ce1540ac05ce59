import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@fourfour/shared/tickets';
import { reservations, tickets } from '../../db/schema/index.ts';
import { createEvent, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { RESERVE_PER_ACCOUNT } from './tickets.routes.ts';
import { createCheckout, draft, makeMember, reserve, stockOf } from './tickets.test-kit.ts';

/** Issue 16, item 5: one account cannot hold a whole night's stock. */
describe('tickets one account may hold for one event', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  });
  afterAll(async () => t?.close());

  const many = (n: number) => Array.from({ length: n }, () => draft());
  const expectLimit = (res: Awaited<ReturnType<typeof reserve>>) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TICKET_LIMIT', message: TICKET_MESSAGES.ticketLimit });
  };

  it('an account holds at most 10 tickets of one event across reservations, and the refused one holds nothing', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 100, totalVip: 10 });
    expect((await reserve(t.app, buyer, event.id, many(6))).statusCode).toBe(200);
    expect((await reserve(t.app, buyer, event.id, [draft(), draft('VIP'), draft(), draft()])).statusCode).toBe(200);
    expectLimit(await reserve(t.app, buyer, event.id, [draft('VIP')]));
    const stock = await stockOf(t.app, event.id);
    expect([stock.heldStandard, stock.heldVip]).toEqual([9, 1]);
    // Another event, and another account, are not affected.
    expect((await reserve(t.app, buyer, (await createEvent(t.app)).id, many(10))).statusCode).toBe(200);
    expect((await reserve(t.app, await createUser(t.app), event.id, many(10))).statusCode).toBe(200);
  });

  it('bought tickets count until they are void, and a lapsed hold no longer counts', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 100 });
    const first = (await reserve(t.app, buyer, event.id, many(4))).json().reservationToken;
    const url: string = (await createCheckout(t.app, buyer, first)).json().url;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${url.split('/').pop()}/complete`,
      headers: buyer.headers,
    });
    expect(paid.statusCode).toBe(200);
    expect(await t.app.db.select().from(tickets).where(eq(tickets.userId, buyer.id))).toHaveLength(4);
    const held = (await reserve(t.app, buyer, event.id, many(6))).json().reservationToken;
    expectLimit(await reserve(t.app, buyer, event.id, [draft()]));

    // The hold lapses: its six tickets can be held again (re-reserving every 30 minutes gains nothing more).
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, held));
    expect((await reserve(t.app, buyer, event.id, many(6))).statusCode).toBe(200);
    expectLimit(await reserve(t.app, buyer, event.id, [draft()]));

    // Bought tickets made void (refunded, event cancelled) give their place back.
    await t.app.db
      .update(tickets)
      .set({ status: 'VOID' })
      .where(and(eq(tickets.userId, buyer.id), eq(tickets.eventId, event.id)));
    expect((await reserve(t.app, buyer, event.id, many(4))).statusCode).toBe(200);
    expectLimit(await reserve(t.app, buyer, event.id, [draft()]));
  });

  it('a reservation with a free ticket obeys the same limit', async () => {
    const member = await createUser(t.app);
    await makeMember(t.app, member.id, 'MIDDLE');
    const event = await createEvent(t.app, { totalStandard: 100 });
    expect((await reserve(t.app, member, event.id, many(9))).statusCode).toBe(200);
    expectLimit(await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true }), draft()]));
    const ok = await reserve(t.app, member, event.id, [draft('STANDARD', { useFreeTicket: true })]);
    expect(ok.statusCode).toBe(200);
    expectLimit(await reserve(t.app, member, event.id, [draft()]));
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(10);
  });
});

describe('reservations per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(async () => t?.close());

  it('are limited per account however many addresses they come from', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 1 });
    const from = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tickets/reserve?eventId=${event.id}`,
        headers: buyer.headers,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: [draft()],
      });
    for (let i = 0; i < RESERVE_PER_ACCOUNT.max; i++) expect((await from(i)).statusCode).not.toBe(429);
    const over = await from(RESERVE_PER_ACCOUNT.max);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
    // Another account from the same address is not held back by it.
    const other = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/reserve?eventId=${event.id}`,
      headers: other.headers,
      remoteAddress: '203.0.113.1',
      payload: [draft()],
    });
    expect(res.statusCode).not.toBe(429);
  });
});
