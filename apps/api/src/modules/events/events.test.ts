import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, reservations } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { completeEvent, insertTickets, pngImage, signedForm } from './events.test-kit.ts';
import { invalidateEventList } from './public-list.service.ts';

type Listed = Record<string, unknown> & { id: number };

describe('the public events list', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'ADMIN' });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    for (const table of ['tickets', 'orders', 'reservations', 'events'])
      await t.app.db.execute(sql.raw(`delete from ${table}`));
    invalidateEventList(t.app);
  });

  const list = async (): Promise<Listed[]> => {
    const res = await t.app.inject('/api/events/list');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return res.json();
  };

  it('is public and answers every field of the spec, with both price spellings', async () => {
    const e = await createEvent(t.app, { standardPricePence: 1850, vipPricePence: 4500 });
    const [item] = await list();
    expect(item).toMatchObject({
      id: e.id,
      title: e.title,
      description: e.description,
      location: e.location,
      status: 'PUBLISHED',
      cancelled: false,
      totalStandardTickets: 100,
      totalVipTickets: 20,
      remainingStandardTickets: 100,
      remainingVipTickets: 20,
      standardTicketPrice: 18.5,
      standardPrice: 18.5,
      vipTicketPrice: 45,
      vipPrice: 45,
      organiserName: null,
    });
    expect(item!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(item!.startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    expect(item!.endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    expect(item!.imageUrl).toMatch(new RegExp(`^/api/media/events/${e.id}\\?v=\\w+$`));
    // Nothing beyond the whitelist leaves the server.
    expect(item).not.toHaveProperty('createdBy');
    expect(item).not.toHaveProperty('soldStandard');
    expect(item).not.toHaveProperty('organiserContact');
  });

  it('sends the list compressed once per cache period when the client takes br or gzip', async () => {
    await createEvent(t.app);
    const plain = await t.app.inject('/api/events/list');
    const br = await t.app.inject({ url: '/api/events/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/api/events/list', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('hides cancelled and started events and sorts by start, undated last', async () => {
    const now = Date.now();
    const later = await createEvent(t.app, { title: 'later', startsAt: new Date(now + 10 * 86400_000) });
    const undated = await createEvent(t.app, { title: 'undated', status: 'PLANNED', startsAt: null });
    const sooner = await createEvent(t.app, { title: 'sooner', startsAt: new Date(now + 2 * 86400_000) });
    const planned = await createEvent(t.app, {
      title: 'planned',
      status: 'PLANNED',
      startsAt: new Date(now + 5 * 86400_000),
    });
    await createEvent(t.app, { title: 'cancelled', cancelled: true });
    await createEvent(t.app, { title: 'started', startsAt: new Date(now - 60_000) });
    const ids = (await list()).map((e) => e.id);
    expect(ids).toEqual([sooner.id, planned.id, later.id, undated.id]);
  });

  it('counts remaining tickets as total − sold − held by unexpired reservations', async () => {
    const buyer = await createUser(t.app);
    const e = await createEvent(t.app, { totalStandard: 50, totalVip: 10 });
    await t.app.db
      .update(events)
      .set({ soldStandard: 20, heldStandard: 7, soldVip: 3, heldVip: 2 })
      .where(eq(events.id, e.id));
    // 3 standard + 1 VIP of those holds have run out but are not released yet.
    await t.app.db.insert(reservations).values([
      {
        userId: buyer.id,
        eventId: e.id,
        standardQty: 3,
        vipQty: 1,
        items: [],
        totalPence: 0,
        expiresAt: new Date(Date.now() - 60_000),
      },
      {
        userId: buyer.id,
        eventId: e.id,
        standardQty: 4,
        vipQty: 1,
        items: [],
        totalPence: 0,
        expiresAt: new Date(Date.now() + 20 * 60_000),
      },
    ]);
    const [item] = await list();
    expect(item).toMatchObject({ remainingStandardTickets: 50 - 20 - 4, remainingVipTickets: 10 - 3 - 1 });
  });

  it('shows a sold-out event with zero remaining', async () => {
    const e = await createEvent(t.app, { totalStandard: 5, totalVip: 1 });
    await t.app.db.update(events).set({ soldStandard: 5, soldVip: 1 }).where(eq(events.id, e.id));
    const [item] = await list();
    expect(item).toMatchObject({ remainingStandardTickets: 0, remainingVipTickets: 0 });
  });

  it('reflects an admin change at once on this instance', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',

      ...signedForm(admin, completeEvent({ title: 'Fresh' })),
    });
    expect(res.statusCode).toBe(201);
    expect((await list()).map((e) => e.title)).toEqual(['Fresh']);
    await t.app.inject({ method: 'PUT', url: `/api/admin/events/${res.json().id}/cancel`, headers: admin.headers });
    expect(await list()).toEqual([]);
  });

  it('serves a stock change made elsewhere within a few seconds', async () => {
    const e = await createEvent(t.app, { totalStandard: 10 });
    expect((await list())[0]!.remainingStandardTickets).toBe(10);
    await t.app.db.update(events).set({ soldStandard: 4 }).where(eq(events.id, e.id));
    const started = Date.now();
    await waitFor(async () => (await list())[0]!.remainingStandardTickets === 6, 10_000);
    expect(Date.now() - started).toBeLessThan(5500);
  });
});

describe('event times in APP_TIMEZONE', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'MASTER' });
  });
  afterAll(async () => t?.close());

  const year = new Date().getUTCFullYear() + 1;
  async function createAt(date: string, start: string, end: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',

      ...signedForm(admin, completeEvent({ date, startTime: `${date}T${start}:00`, endTime: `${date}T${end}:00` })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('stores 23:30 London time in summer as 22:30 UTC and answers it back as 23:30', async () => {
    const e = await createAt(`${year}-07-04`, '23:30', '23:45');
    expect(e.startsAt).toBe(`${year}-07-04T22:30:00.000Z`);
    expect(e).toMatchObject({ date: `${year}-07-04`, startTime: `${year}-07-04T23:30:00` });
  });

  it('stores 23:30 London time in winter as 23:30 UTC and answers it back as 23:30', async () => {
    const e = await createAt(`${year}-12-05`, '23:30', '23:45');
    expect(e.startsAt).toBe(`${year}-12-05T23:30:00.000Z`);
    expect(e).toMatchObject({ date: `${year}-12-05`, startTime: `${year}-12-05T23:30:00` });
  });

  it('ends an event whose end is earlier than its start on the next day (overnight)', async () => {
    const e = await createAt(`${year}-07-04`, '22:00', '04:00');
    expect(e.endTime).toBe(`${year}-07-05T04:00:00`);
    expect(Date.parse(e.endsAt) - Date.parse(e.startsAt)).toBe(6 * 3600_000);
  });

  it('handles an overnight event across the autumn clock change (one hour longer)', async () => {
    // Clocks go back at 02:00 BST on the last Sunday of October.
    const lastSunday = (() => {
      const d = new Date(Date.UTC(year, 9, 31));
      d.setUTCDate(31 - d.getUTCDay());
      return d.toISOString().slice(0, 10);
    })();
    const saturday = new Date(Date.parse(lastSunday) - 86400_000).toISOString().slice(0, 10);
    const e = await createAt(saturday, '22:00', '04:00');
    expect(e.endTime).toBe(`${lastSunday}T04:00:00`);
    expect(Date.parse(e.endsAt) - Date.parse(e.startsAt)).toBe(7 * 3600_000);
  });

  it('keeps an end after the start on the same day', async () => {
    const e = await createAt(`${year}-07-04`, '14:00', '22:00');
    expect(e.endTime).toBe(`${year}-07-04T22:00:00`);
  });

  it('follows APP_TIMEZONE when it is another zone', async () => {
    const ny = await createTestApp({ env: { APP_TIMEZONE: 'America/New_York' } });
    try {
      const boss = await createUser(ny.app, { role: 'ADMIN' });
      const date = `${year}-01-10`;
      const res = await ny.app.inject({
        method: 'POST',
        url: '/api/admin/events/create',

        ...signedForm(boss, completeEvent({ date, startTime: `${date}T20:00:00`, endTime: `${date}T23:00:00` })),
      });
      expect(res.json()).toMatchObject({ startsAt: `${year}-01-11T01:00:00.000Z`, startTime: `${date}T20:00:00` });
    } finally {
      await ny.close();
    }
  });
});

describe("the caller's tickets per event", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('needs a session', async () => {
    expect((await t.app.inject('/api/tickets/tickets-per-event')).statusCode).toBe(401);
  });

  it("maps event id to the caller's live tickets, not other people's and not void ones", async () => {
    const fan = await createUser(t.app);
    const other = await createUser(t.app);
    const a = await createEvent(t.app);
    const b = await createEvent(t.app);
    await insertTickets(t.app, {
      eventId: a.id,
      userId: fan.id,
      items: [
        { type: 'STANDARD', pricePence: 1000 },
        { type: 'VIP', pricePence: 3000 },
        { type: 'STANDARD', pricePence: 1000, status: 'VOID' },
      ],
    });
    await insertTickets(t.app, { eventId: b.id, userId: fan.id, items: [{ type: 'STANDARD', pricePence: 0 }] });
    await insertTickets(t.app, { eventId: b.id, userId: other.id, items: [{ type: 'VIP', pricePence: 3000 }] });
    const res = await t.app.inject({ url: '/api/tickets/tickets-per-event', headers: fan.headers });
    expect(res.json()).toEqual({ [String(a.id)]: 2, [String(b.id)]: 1 });
  });
});

describe('event artwork', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'ADMIN' });
  });
  afterAll(async () => t?.close());

  it('draws a default poster for an event without artwork, once, and stores it', async () => {
    const e = await createEvent(t.app, { title: 'Poster Test' });
    const first = await t.app.inject(`/api/media/events/${e.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    const [row] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    expect(row!.imageKey).toMatch(/^events\/default\//);
    const second = await t.app.inject(`/api/media/events/${e.id}`);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 to a matching ETag and caches a versioned URL for good', async () => {
    const e = await createEvent(t.app);
    await t.app.inject(`/api/media/events/${e.id}`);
    const [listed] = ((await t.app.inject('/api/events/list')).json() as Listed[]).filter((x) => x.id === e.id);
    const versioned = await t.app.inject(String(listed!.imageUrl));
    expect(versioned.headers['cache-control']).toContain('immutable');
    const bare = await t.app.inject(`/api/media/events/${e.id}`);
    expect(bare.headers['cache-control']).toBe('public, max-age=60');
    const again = await t.app.inject({
      url: `/api/media/events/${e.id}`,
      headers: { 'if-none-match': String(bare.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the uploaded artwork re-encoded as WebP, and a new URL after it changes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',

      ...signedForm(admin, completeEvent(), { data: await pngImage(300, 200) }),
    });
    const e = created.json();
    expect(e.hasCustomImage).toBe(true);
    const img = await t.app.inject(e.imageUrl);
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${e.id}`,

      ...signedForm(admin, {}, { data: await pngImage(120, 90) }),
    });
    expect(edited.json().imageUrl).not.toBe(e.imageUrl);
    const next = await t.app.inject(edited.json().imageUrl);
    expect((await sharp(next.rawPayload).metadata()).width).toBe(120);
  });

  it('falls back to a drawn poster when the stored file is gone (never a broken image)', async () => {
    const e = await createEvent(t.app);
    await t.app.db
      .update(events)
      .set({ imageKey: 'events/00000000-0000-0000-0000-000000000000.webp' })
      .where(eq(events.id, e.id));
    const res = await t.app.inject(`/api/media/events/${e.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('draws a lost generated poster again and stores it, so the next request reads the file', async () => {
    const e = await createEvent(t.app, { title: 'Lost Poster' });
    const first = await t.app.inject(`/api/media/events/${e.id}`);
    const [before] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    await t.app.storage.delete(before!.imageKey!);
    const redrawn = await t.app.inject(`/api/media/events/${e.id}`);
    expect(redrawn.statusCode).toBe(200);
    expect(await sharp(redrawn.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    const [after] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    expect(after!.imageKey).toMatch(/^events\/default\//);
    expect(after!.imageKey).not.toBe(before!.imageKey);
    expect(await t.app.storage.get(after!.imageKey!)).not.toBeNull();
    // Served from the stored file from now on: the same bytes and ETag as the redrawn answer.
    const next = await t.app.inject(`/api/media/events/${e.id}`);
    expect(next.headers.etag).toBe(redrawn.headers.etag);
    expect(next.rawPayload.equals(redrawn.rawPayload)).toBe(true);
    expect(first.statusCode).toBe(200);
  });

  it('serves narrower WebP copies for srcset at the listed widths only, each with its own ETag', async () => {
    const e = await createEvent(t.app, { title: 'Srcset Test' });
    const full = await t.app.inject(`/api/media/events/${e.id}`);
    const narrow = await t.app.inject(`/api/media/events/${e.id}?w=400`);
    expect(narrow.statusCode).toBe(200);
    expect(narrow.headers['content-type']).toBe('image/webp');
    expect(await sharp(narrow.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 225 });
    expect(narrow.rawPayload.length).toBeLessThan(full.rawPayload.length);
    expect(narrow.headers.etag).not.toBe(full.headers.etag);
    const again = await t.app.inject({
      url: `/api/media/events/${e.id}?w=400`,
      headers: { 'if-none-match': String(narrow.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject(`/api/media/events/${e.id}?w=401`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await t.app.inject('/api/media/events/999999')).statusCode).toBe(404);
  });
});
