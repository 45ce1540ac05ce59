import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminAttendee,
  AdminAttendeesPage,
  AdminOrderDetail,
  AdminOrdersPage,
  type AdminOrderSummary,
  ORDER_COUNT_CAP,
  ORDER_SEARCH_COUNT_CAP,
  orderCountCap,
  ORDER_MESSAGES,
  orderReference,
} from '@fourfour/shared/orders';
import {
  auditLog,
  eventMessageRecipients,
  eventMessages,
  orderRefunds,
  orders,
  scanDevices,
  ticketScans,
  tickets,
} from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertIssuedOrder } from '../tickets/issued-order.ts';

/**
 * The back office's read side (issue 21): the order list (keyset paging, search, filters), one
 * order's history, an event's attendees, and who may read them.
 */

let t: TestApp;
let admin: TestUser;
let master: TestUser;
let fan: TestUser;
let worker: TestUser;
let zoeBuyer: TestUser;
let eventA: { id: number };
let eventB: { id: number };
/** Every order inserted, with its creation time. */
const placed: { id: string; eventId: number; createdAt: Date; ticketIds: string[] }[] = [];
const base = Date.parse('2026-03-01T20:00:00Z');

async function placeOrder(
  buyer: TestUser,
  eventId: number,
  at: Date,
  names: [string, string][] = [['Test', 'Attendee']],
  ticketType: 'STANDARD' | 'VIP' = 'STANDARD',
) {
  const rows = await insertIssuedOrder(t.app.db, {
    userId: buyer.id,
    eventId,
    at,
    sessionPrefix: 'orders-test',
    tickets: names.map(([firstName, lastName]) => ({
      ticketType,
      firstName,
      lastName,
      dateOfBirth: '1990-01-01',
      pricePence: 2000,
    })),
  });
  const [first] = await t.app.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, rows[0]!.id));
  const order = { id: first!.orderId, eventId, createdAt: at, ticketIds: rows.map((r) => r.id) };
  placed.push(order);
  return order;
}

const get = (url: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });

async function listOrders(query: Record<string, string>, user: TestUser = admin) {
  const res = await get(`/api/admin/orders?${new URLSearchParams(query)}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrdersPage.parse(res.json());
}

/** Every page of a cursor list, following nextCursor. */
async function walk<T>(fetchPage: (cursor?: string) => Promise<{ content: T[]; nextCursor: string | null }>) {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await fetchPage(cursor);
    all.push(...page.content);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
  throw new Error('paging did not end');
}

const ids = (content: readonly AdminOrderSummary[]) => content.map((o) => o.id);
/** Newest first, ties broken by id descending: the list's order. */
const newestFirst = (list: typeof placed) =>
  [...list]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((o) => o.id);

let zoeOrder: { id: string; ticketIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'ADMIN', username: 'boxoffice_ann' });
  master = await createUser(t.app, { role: 'MASTER' });
  fan = await createUser(t.app, { username: 'night_owl', email: 'owl@nightmail.test' });
  worker = await createUser(t.app, { role: 'EVENT_WORKER', username: 'door_dave' });
  zoeBuyer = await createUser(t.app, { username: 'zbuyer', email: 'zed@example.test' });
  eventA = await createEvent(t.app, { title: 'Warehouse Sessions' });
  eventB = await createEvent(t.app, { title: 'Rooftop Sunday' });
  // 23 orders: three share one instant (the id breaks the tie), two events, two buyers.
  for (let i = 0; i < 20; i++) {
    await placeOrder(i % 3 ? fan : admin, i % 2 ? eventB.id : eventA.id, new Date(base + i * 60_000));
  }
  const same = new Date(base + 5.5 * 60_000);
  for (let i = 0; i < 2; i++) await placeOrder(fan, eventA.id, same);
  zoeOrder = await placeOrder(
    zoeBuyer,
    eventA.id,
    same,
    [
      ['Zoë', 'Ångström'],
      ['Mark', 'Smith'],
    ],
    'VIP',
  );
});
afterAll(async () => t?.close());

describe('GET /api/admin/orders', () => {
  it('pages newest first by cursor: every order once, in order', async () => {
    const seen = await walk((cursor) => listOrders({ size: '4', ...(cursor ? { cursor } : {}) }));
    expect(ids(seen)).toEqual(newestFirst(placed));
    const first = await listOrders({ size: '4' });
    expect(first.totalElements).toBe(placed.length);
    expect(first.content).toHaveLength(4);
  });

  it("answers each order's reference, buyer, event, tickets and amounts", async () => {
    const { content } = await listOrders({ q: orderReference(zoeOrder.id) });
    const order = content.find((o) => o.id === zoeOrder.id);
    expect(order).toMatchObject({
      reference: zoeOrder.id.slice(0, 8).toUpperCase(),
      status: 'PAID',
      buyer: { id: zoeBuyer.id, username: 'zbuyer', email: 'zed@example.test' },
      event: { id: eventA.id, title: 'Warehouse Sessions' },
      amount: 40,
      refundedAmount: 0,
      provider: 'local',
      affiliateCode: null,
    });
    expect(order?.tickets.map((x) => [x.firstName, x.lastName, x.ticketType, x.price, x.status])).toEqual([
      ['Zoë', 'Ångström', 'VIP', 20, 'VALID'],
      ['Mark', 'Smith', 'VIP', 20, 'VALID'],
    ]);
  });

  it("keeps one event's orders with eventId, still newest first and paged", async () => {
    const seen = await walk((cursor) =>
      listOrders({ eventId: String(eventB.id), size: '3', ...(cursor ? { cursor } : {}) }),
    );
    expect(ids(seen)).toEqual(newestFirst(placed.filter((o) => o.eventId === eventB.id)));
  });

  it('finds an order by its reference, in any case, with or without #, and by a prefix', async () => {
    const ref = orderReference(zoeOrder.id);
    for (const q of [ref, ref.toLowerCase(), `#${ref}`, ref.slice(0, 5)]) {
      const { content } = await listOrders({ q });
      expect(ids(content), q).toContain(zoeOrder.id);
      for (const o of content) {
        const matchesRef = o.reference.startsWith(q.replace('#', '').toUpperCase());
        const matchesName = o.tickets.some((x) =>
          `${x.firstName} ${x.lastName}`.toLowerCase().includes(q.toLowerCase()),
        );
        expect(matchesRef || matchesName, q).toBe(true);
      }
    }
  });

  it("finds orders by part of the buyer's email or username", async () => {
    const byEmail = await listOrders({ q: 'NIGHTMAIL' });
    const byUsername = await listOrders({ q: 'owl' });
    const fans = newestFirst(placed.filter((_, i) => i < 20 && i % 3 !== 0).concat(placed.slice(20, 22)));
    expect(ids(byEmail.content).sort()).toEqual([...fans].sort());
    expect(byEmail.totalElements).toBe(fans.length);
    expect(ids(byUsername.content).sort()).toEqual([...fans].sort());
    expect(ids((await listOrders({ q: 'zbuy' })).content)).toEqual([zoeOrder.id]);
  });

  it("finds an order by an attendee's name, ignoring case and accents", async () => {
    for (const q of ['zoe', 'ZOË', 'Zoë', 'angstrom', 'zoë ångström', 'SMITH']) {
      const { content } = await listOrders({ q });
      expect(ids(content), q).toEqual([zoeOrder.id]);
    }
    expect((await listOrders({ q: 'zoey' })).content).toEqual([]);
  });

  it("treats the search's % and _ as themselves", async () => {
    expect((await listOrders({ q: '%%%' })).content).toEqual([]);
    expect((await listOrders({ q: '___' })).content).toEqual([]);
  });

  it('filters by order status', async () => {
    const refunded = placed[3]!.id;
    await t.app.db
      .update(orders)
      .set({ status: 'REFUNDED', refundedAt: new Date(base + 3_600_000), refundReason: 'EVENT_CANCELLED' })
      .where(eq(orders.id, refunded));
    const { content } = await listOrders({ status: 'REFUNDED' });
    expect(ids(content)).toEqual([refunded]);
    expect(content[0]).toMatchObject({ refundedAmount: 20, refundedAt: new Date(base + 3_600_000).toISOString() });
    const paid = await listOrders({ status: 'PAID', size: '100' });
    expect(paid.totalElements).toBe(placed.length - 1);
    expect(ids(paid.content)).not.toContain(refunded);
  });

  it('combines a search with the event filter', async () => {
    const { content } = await listOrders({ q: 'zoe', eventId: String(eventB.id) });
    expect(content).toEqual([]);
    expect(ids((await listOrders({ q: 'ZOË', eventId: String(eventA.id) })).content)).toEqual([zoeOrder.id]);
    expect(ids((await listOrders({ q: 'zbuyer', eventId: String(eventA.id) })).content)).toEqual([zoeOrder.id]);
    expect((await listOrders({ q: 'zbuyer', eventId: String(eventB.id) })).content).toEqual([]);
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('shows the order with its history, oldest first, each entry with who did it', async () => {
    const [zoeTicket, markTicket] = zoeOrder.ticketIds as [string, string];
    const at = (minutes: number) => new Date(base + 6 * 60_000 + minutes * 60_000);
    await t.app.db
      .update(orders)
      .set({ emailedAt: at(1) })
      .where(eq(orders.id, zoeOrder.id));
    await t.app.db.insert(auditLog).values([
      {
        actorId: admin.id,
        action: 'order.resent',
        entityType: 'order',
        entityId: zoeOrder.id,
        createdAt: at(2),
      },
      {
        actorId: admin.id,
        action: 'ticket.attendee-changed',
        entityType: 'ticket',
        entityId: markTicket,
        details: {
          orderId: zoeOrder.id,
          from: { firstName: 'Mark', lastName: 'Smith', dateOfBirth: '1990-01-01' },
          to: { firstName: 'Marie', lastName: 'Smith', dateOfBirth: '1991-02-02' },
          by: 'ADMIN',
        },
        createdAt: at(3),
      },
      // Another order's resend is not this order's history.
      { actorId: admin.id, action: 'order.resent', entityType: 'order', entityId: placed[0]!.id, createdAt: at(3) },
    ]);
    await t.app.db.insert(scanDevices).values({ id: 'web-frontdoor', name: 'Front door' });
    await t.app.db.insert(ticketScans).values([
      {
        ticketId: zoeTicket,
        eventId: eventA.id,
        scannerId: worker.id,
        result: 'ADMITTED',
        device: 'web-frontdoor',
        createdAt: at(4),
      },
      {
        ticketId: zoeTicket,
        eventId: eventA.id,
        scannerId: worker.id,
        result: 'ALREADY_USED',
        device: 'web-unnamed',
        createdAt: at(5),
      },
    ]);
    await t.app.db.insert(orderRefunds).values({
      orderId: zoeOrder.id,
      requestKey: `${zoeOrder.id}:${markTicket}`,
      ticketIds: [markTicket],
      amountPence: 2000,
      reason: 'Bought two by mistake',
      status: 'SUCCEEDED',
      requestedBy: master.id,
      createdAt: at(6),
    });
    const [message] = await t.app.db
      .insert(eventMessages)
      .values({
        eventId: eventA.id,
        subject: 'Doors at 22:00',
        body: 'See you there.',
        ticketTypes: ['STANDARD', 'VIP'],
        recipientCount: 2,
        createdBy: admin.id,
        createdAt: at(7),
      })
      .returning();
    await t.app.db.insert(eventMessageRecipients).values([
      { messageId: message!.id, userId: zoeBuyer.id, email: zoeBuyer.email, sentAt: at(8) },
      { messageId: message!.id, userId: fan.id, email: fan.email, sentAt: at(8) },
    ]);

    const res = await get(`/api/admin/orders/${zoeOrder.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = AdminOrderDetail.parse(res.json());
    expect(detail.reference).toBe(orderReference(zoeOrder.id));
    expect(detail.event).toMatchObject({ id: eventA.id, attendeeChangesAllowed: true });
    expect(detail.tickets.map((x) => [x.id, x.dateOfBirth])).toEqual([
      [zoeTicket, '1990-01-01'],
      [markTicket, '1990-01-01'],
    ]);
    expect(detail.history.map((h) => [h.kind, h.actor?.username ?? null, h.ticketId])).toEqual([
      ['RESERVED', 'zbuyer', null],
      ['PAID', 'zbuyer', null],
      ['EMAILED', null, null],
      ['RESENT', 'boxoffice_ann', null],
      ['NAME_CHANGED', 'boxoffice_ann', markTicket],
      ['SCANNED', 'door_dave', zoeTicket],
      ['SCANNED', 'door_dave', zoeTicket],
      ['REFUND', master.username, markTicket],
      ['MESSAGE_SENT', 'boxoffice_ann', null],
    ]);
    const text = detail.history.map((h) => h.text);
    expect(text).toContain('Attendee name changed from Mark Smith to Marie Smith');
    expect(text).toContain("Zoë Ångström's ticket scanned: ADMITTED on Front door");
    expect(text).toContain("Zoë Ångström's ticket scanned: ALREADY_USED on web-unnamed");
    expect(text).toContain('Refund of 1 ticket (£20.00): succeeded — Bought two by mistake');
    expect(text).toContain('Message "Doors at 22:00" sent to the buyer');
    expect(detail.history.at(-1)?.at).toBe(at(8).toISOString());
  });

  it('shows a whole-order refund with no refund row as one entry', async () => {
    const res = await get(`/api/admin/orders/${placed[3]!.id}`);
    const detail = AdminOrderDetail.parse(res.json());
    expect(detail.history.map((h) => h.kind)).toEqual(['RESERVED', 'PAID', 'REFUNDED']);
    expect(detail.history.at(-1)?.text).toBe('Order refunded in full (event cancelled)');
  });

  it('answers 404 for an unknown order and 400 for an id that is not a UUID', async () => {
    const missing = await get('/api/admin/orders/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ORDER_MESSAGES.orderNotFound);
    const malformed = await get('/api/admin/orders/42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(ORDER_MESSAGES.orderId);
  });
});

describe('GET /api/admin/events/{id}/attendees', () => {
  let party: { id: number };
  beforeAll(async () => {
    party = await createEvent(t.app, { title: 'Paper backup night' });
    await placeOrder(fan, party.id, new Date(base), [
      ['Émile', 'zola'],
      ['anna', 'Adams'],
      ['Bea', 'Ádams'],
    ]);
    await placeOrder(admin, party.id, new Date(base + 1000), [
      ['Carl', 'Young'],
      ['Abe', 'Adams'],
    ]);
    await placeOrder(master, party.id, new Date(base + 2000), [['Olga', 'Östberg']]);
    // The retention job purges names once an event is over: those tickets come last.
    await placeOrder(master, party.id, new Date(base + 3000), [['Gone', 'Purged']]);
    await t.app.db.execute(
      sql`UPDATE tickets SET first_name = NULL, last_name = NULL WHERE event_id = ${party.id} AND last_name = 'Purged'`,
    );
    await t.app.db
      .update(tickets)
      .set({ status: 'USED', usedAt: new Date(base + 9_000_000) })
      .where(eq(tickets.lastName, 'Young'));
  });

  async function attendees(query: Record<string, string> = {}, eventId = party.id) {
    const res = await get(`/api/admin/events/${eventId}/attendees?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminAttendeesPage.parse(res.json());
  }
  const names = (list: readonly AdminAttendee[]) => list.map((a) => `${a.firstName} ${a.lastName}`);

  it('lists the tickets by last name then first name, ignoring case and accents, every one once across pages', async () => {
    const expected = ['Abe Adams', 'anna Adams', 'Bea Ádams', 'Olga Östberg', 'Carl Young', 'Émile zola', 'null null'];
    expect(names((await attendees()).content)).toEqual(expected);
    const paged = await walk((cursor) => attendees({ size: '2', ...(cursor ? { cursor } : {}) }));
    expect(names(paged)).toEqual(expected);
  });

  it('keeps purged names last, each ticket once, when pages end among them', async () => {
    const night = await createEvent(t.app, { title: 'Purged names night' });
    await placeOrder(fan, night.id, new Date(base), [
      ['Zed', 'Ångström'],
      ['ada', 'angstrom'],
      ['Gone', 'Purged'],
      ['Left', 'Purged'],
    ]);
    await t.app.db.execute(
      sql`UPDATE tickets SET first_name = NULL, last_name = NULL WHERE event_id = ${night.id} AND last_name = 'Purged'`,
    );
    const paged = await walk((cursor) => attendees({ size: '1', ...(cursor ? { cursor } : {}) }, night.id));
    expect(names(paged)).toEqual(['ada angstrom', 'Zed Ångström', 'null null', 'null null']);
    expect(new Set(paged.map((a) => a.ticketId)).size).toBe(4);
  });

  it('answers type, status, admission time and the order reference, with the event', async () => {
    const { content, event } = await attendees({ q: 'young' });
    expect(event).toMatchObject({ id: party.id, title: 'Paper backup night' });
    expect(content).toHaveLength(1);
    const carl = content[0]!;
    expect(carl).toMatchObject({
      ticketType: 'STANDARD',
      status: 'USED',
      admittedAt: new Date(base + 9_000_000).toISOString(),
      orderReference: orderReference(carl.orderId),
      buyerUsername: 'boxoffice_ann',
    });
  });

  it("searches the event's attendees by name (accents and case folded) or order reference", async () => {
    expect(names((await attendees({ q: 'ADAMS' })).content)).toEqual(['Abe Adams', 'anna Adams', 'Bea Ádams']);
    expect(names((await attendees({ q: 'emile' })).content)).toEqual(['Émile zola']);
    const { content } = await attendees({ q: 'olga' });
    const byRef = await attendees({ q: content[0]!.orderReference });
    expect(names(byRef.content)).toEqual(['Olga Östberg']);
    // Another event's Zoë is not this event's attendee.
    expect((await attendees({ q: 'zoe' })).content).toEqual([]);
  });

  it('answers 404 for an unknown event and 400 for a bad id', async () => {
    const missing = await get('/api/admin/events/999999/attendees');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ORDER_MESSAGES.eventNotFound);
    expect((await get('/api/admin/events/abc/attendees')).statusCode).toBe(400);
  });
});

describe('who may read the back office', () => {
  const urls = () => [
    '/api/admin/orders',
    `/api/admin/orders/${placed[0]!.id}`,
    `/api/admin/events/${eventA.id}/attendees`,
  ];

  it('answers ADMIN and MASTER', async () => {
    for (const url of urls()) {
      expect((await get(url, admin)).statusCode, url).toBe(200);
      expect((await get(url, master)).statusCode, url).toBe(200);
    }
  });

  it('refuses a USER and an EVENT_WORKER (403) and anyone signed out (401)', async () => {
    for (const url of urls()) {
      expect((await get(url, fan)).statusCode, url).toBe(403);
      expect((await get(url, worker)).statusCode, url).toBe(403);
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['a cursor that is not one', '/api/admin/orders?cursor=not-a-cursor', 'cursor'],
    ['a search under 3 characters', '/api/admin/orders?q=ab', ORDER_MESSAGES.searchLength],
    ['a search over 100 characters', `/api/admin/orders?q=${'x'.repeat(101)}`, ORDER_MESSAGES.searchLength],
    ['an unknown status', '/api/admin/orders?status=LOST', ORDER_MESSAGES.status],
    ['an event id that is not a number', '/api/admin/orders?eventId=abc', ORDER_MESSAGES.eventId],
    ['a page size over the limit', '/api/admin/orders?size=1000', 'size'],
    ['an attendee search under 3 characters', '/api/admin/events/1/attendees?q=zo', ORDER_MESSAGES.searchLength],
  ])('answers 400 for %s', async (_, url, mentions) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(mentions);
  });

  it("refuses the attendee list's cursor on the order list (400), and the order list's on the attendees", async () => {
    const attendeeCursor = (await get(`/api/admin/events/${eventA.id}/attendees?size=1`)).json().nextCursor as string;
    const orderCursor = (await get('/api/admin/orders?size=1')).json().nextCursor as string;
    expect(attendeeCursor).toBeTruthy();
    expect(orderCursor).toBeTruthy();
    const crossed = await get(`/api/admin/orders?cursor=${attendeeCursor}`);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toMatch(/cursor/i);
    expect((await get(`/api/admin/events/${eventA.id}/attendees?cursor=${orderCursor}`)).statusCode).toBe(400);
  });

  it('refuses a forged cursor whose values are not a time and an id (400, no query run)', async () => {
    const forged = Buffer.from(JSON.stringify(['createdAt,DESC', ["'; DROP TABLE orders; --", 'x']])).toString(
      'base64url',
    );
    expect((await get(`/api/admin/orders?cursor=${forged}`)).statusCode).toBe(400);
    const badDate = Buffer.from(
      JSON.stringify(['createdAt,DESC', ['2026-02-31 10:00:00+00', '00000000-0000-4000-8000-000000000000']]),
    ).toString('base64url');
    expect((await get(`/api/admin/orders?cursor=${badDate}`)).statusCode).toBe(400);
  });
});

describe('a list longer than the count', () => {
  it(`counts up to ${ORDER_COUNT_CAP} matches and stops, still paging by cursor`, async () => {
    const big = await createEvent(t.app, { title: 'Stadium night' });
    await t.app.db.execute(sql`
      WITH r AS (
        INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
        SELECT ${fan.id}, ${big.id}, 'FULFILLED', 1, 0, '[]', 2000, now() FROM generate_series(1, ${ORDER_COUNT_CAP + 5})
        RETURNING id
      )
      INSERT INTO orders (reservation_id, user_id, event_id, provider, provider_session_id, amount_pence, status, paid_at)
      SELECT r.id, ${fan.id}, ${big.id}, 'local', 'cap_' || r.id, 2000, 'PAID', now() FROM r`);
    const first = await listOrders({ eventId: String(big.id), size: '100' });
    expect(first.totalElements).toBe(ORDER_COUNT_CAP);
    expect(first.content).toHaveLength(100);
    const second = await listOrders({ eventId: String(big.id), size: '100', cursor: first.nextCursor ?? '' });
    expect(second.content).toHaveLength(100);
    expect(new Set([...ids(first.content), ...ids(second.content)]).size).toBe(200);
    // Under the cap, the count is exact.
    expect((await listOrders({ eventId: String(eventB.id) })).totalElements).toBe(10);
  });

  it('pages a search the same whether a match is among the newest orders or far behind them', async () => {
    const night = await createEvent(t.app, { title: 'Owl night' });
    // 2,100 of the fan's orders (all match "owl"), then one older order of zbuyer's behind them all.
    await t.app.db.execute(sql`
      WITH r AS (
        INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
        SELECT ${fan.id}, ${night.id}, 'FULFILLED', 1, 0, '[]', 2000, now() FROM generate_series(1, 2100)
        RETURNING id
      )
      INSERT INTO orders (reservation_id, user_id, event_id, provider, provider_session_id, amount_pence, status, paid_at)
      SELECT r.id, ${fan.id}, ${night.id}, 'local', 'owl_' || r.id, 2000, 'PAID', now() FROM r`);
    const old = await placeOrder(zoeBuyer, night.id, new Date(base - 60_000));
    const all = await listOrders({ eventId: String(night.id), size: '100' });
    const owls = await listOrders({ eventId: String(night.id), size: '100', q: 'owl' });
    expect(ids(owls.content)).toEqual(ids(all.content));
    expect(owls.totalElements).toBe(2100);
    const next = await listOrders({ eventId: String(night.id), size: '100', q: 'OWL', cursor: owls.nextCursor ?? '' });
    const allNext = await listOrders({ eventId: String(night.id), size: '100', cursor: all.nextCursor ?? '' });
    expect(ids(next.content)).toEqual(ids(allNext.content));
    const rare = await listOrders({ eventId: String(night.id), q: 'zbuy' });
    expect(ids(rare.content)).toEqual([old.id]);
    expect(rare.totalElements).toBe(1);
    expect(rare.nextCursor).toBeNull();

    // Across every event a search counts up to ORDER_SEARCH_COUNT_CAP and says "at least" (the cap),
    // still paging through every match; under the cap it is exact, each order once.
    expect(orderCountCap({ q: 'owl' })).toBe(ORDER_SEARCH_COUNT_CAP);
    const everywhere = await listOrders({ size: '100', q: 'owl' });
    expect(everywhere.totalElements).toBe(ORDER_SEARCH_COUNT_CAP);
    expect(everywhere.content).toHaveLength(100);
    const further = await listOrders({ size: '100', q: 'owl', cursor: everywhere.nextCursor ?? '' });
    expect(further.content).toHaveLength(100);
    const rareEverywhere = await listOrders({ size: '100', q: 'zbuy' });
    expect(rareEverywhere.nextCursor).toBeNull();
    expect(rareEverywhere.totalElements).toBe(rareEverywhere.content.length);
    expect(ids(rareEverywhere.content)).toContain(old.id);
  });
});
