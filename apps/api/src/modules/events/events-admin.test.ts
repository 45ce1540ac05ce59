import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@fourfour/shared/enums';
import { auditLog, events } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { completeEvent, futureDate, insertTickets, largePng, pngImage, signedForm } from './events.test-kit.ts';

const MB = 1024 * 1024;

let t: TestApp;
let admin: TestUser;
let master: TestUser;
const cancelledSeen: number[] = [];
/** Events whose first listener call fails once, to check the others still run and the job retries. */
const failOnce = new Set<number>();
const attempts = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      app.domainEvents.on('event.cancelled', 'test.fails-once', async (_app, { eventId }) => {
        attempts.set(eventId, (attempts.get(eventId) ?? 0) + 1);
        if (failOnce.delete(eventId)) throw new Error('refund provider down');
      });
      app.domainEvents.on('event.cancelled', 'test.recorder', async (_app, { eventId }) => {
        cancelledSeen.push(eventId);
      });
    },
  });
  admin = await createUser(t.app, { role: 'ADMIN' });
  master = await createUser(t.app, { role: 'MASTER' });
});
afterAll(async () => t?.close());

async function create(data: Record<string, unknown>, user: TestUser = admin, image?: { data: Buffer }) {
  return t.app.inject({ method: 'POST', url: '/api/admin/events/create', ...signedForm(user, data, image) });
}
async function edit(id: number, data: Record<string, unknown>, image?: { data: Buffer; filename?: string }) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/events/${id}`, ...signedForm(admin, data, image) });
}
async function auditFor(id: number) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'event'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}

describe('who may administer events', () => {
  const routes = (id: number) => [
    { method: 'GET' as const, url: '/api/admin/events' },
    { method: 'POST' as const, url: '/api/admin/events/create', form: true },
    { method: 'GET' as const, url: `/api/admin/events/${id}` },
    { method: 'PUT' as const, url: `/api/admin/events/${id}`, form: true },
    {
      method: 'PUT' as const,
      url: `/api/admin/events/${id}/prices`,
      body: { standardTicketPrice: 1, vipTicketPrice: 2 },
    },
    { method: 'PUT' as const, url: `/api/admin/events/${id}/cancel` },
    { method: 'GET' as const, url: `/api/admin/events/${id}/stats` },
  ];

  it.each(['USER', 'AFFILIATE', 'EVENT_WORKER'] as Role[])('refuses %s with 403 on every admin route', async (role) => {
    const user = await createUser(t.app, { role });
    const e = await createEvent(t.app);
    for (const r of routes(e.id)) {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        ...(r.form ? signedForm(user, completeEvent()) : { headers: user.headers, payload: r.body }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    const [row] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    expect(row!.cancelled).toBe(false);
  });

  it('refuses anonymous callers with 401 on every admin route', async () => {
    const e = await createEvent(t.app);
    for (const r of routes(e.id)) {
      const res = await t.app.inject({ method: r.method, url: r.url, payload: r.body });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('lets ADMIN and MASTER in', async () => {
    expect((await create(completeEvent(), admin)).statusCode).toBe(201);
    expect((await create(completeEvent(), master)).statusCode).toBe(201);
  });
});

describe('creating an event', () => {
  it('answers 201 with the saved event in the list shape, prices in pounds and pence in the database', async () => {
    const res = await create(completeEvent({ title: '  Deep  ', standardTicketPrice: 18.5, vipTicketPrice: 45.99 }));
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      title: 'Deep',
      status: 'PUBLISHED',
      standardTicketPrice: 18.5,
      standardPrice: 18.5,
      vipTicketPrice: 45.99,
      remainingStandardTickets: 100,
      remainingVipTickets: 20,
      organiserName: null,
    });
    const [row] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    expect(row).toMatchObject({
      standardPricePence: 1850,
      vipPricePence: 4599,
      createdBy: admin.id,
      updatedBy: admin.id,
    });
  });

  it('requires a title', async () => {
    const res = await create(completeEvent({ title: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Title is required.', errors: [{ field: 'title' }] });
  });

  it('saves a Coming Soon (PLANNED) event with nothing but a title', async () => {
    const res = await create({ title: 'Secret party', status: 'PLANNED' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'PLANNED',
      date: null,
      startTime: null,
      endTime: null,
      standardTicketPrice: 0,
      totalStandardTickets: 0,
    });
  });

  it("asks for date, start and end time when the event is not planned, in the spec's words", async () => {
    for (const missing of ['date', 'startTime', 'endTime']) {
      const res = await create(completeEvent({ [missing]: null }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please select date, start time, and end time.');
    }
  });

  it('publishing on create also needs everything the publish check names', async () => {
    const res = await create(completeEvent({ description: '', vipTicketPrice: 0 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please complete: description, vip ticket price');
  });

  it('sends empty numbers as null, meaning 0', async () => {
    const res = await create({ title: 'Nulls', status: 'PLANNED', totalVipTickets: null, vipTicketPrice: null });
    expect(res.json()).toMatchObject({ totalVipTickets: 0, vipTicketPrice: 0 });
  });

  it('refuses negative or fractional totals and negative or sub-penny prices', async () => {
    for (const bad of [
      { totalStandardTickets: -1 },
      { totalVipTickets: 1.5 },
      { standardTicketPrice: -0.01 },
      { vipTicketPrice: 10.005 },
      { standardTicketPrice: 'ten' },
    ]) {
      const res = await create(completeEvent(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors[0].field).toBe(Object.keys(bad)[0]);
    }
  });

  it('refuses a start in the past and an end equal to the start', async () => {
    const past = await create(completeEvent({ date: '2020-01-01', startTime: '2020-01-01T22:00:00' }));
    expect(past.json()).toMatchObject({ message: 'The event must start in the future.' });
    const date = futureDate(10);
    const same = await create(completeEvent({ date, startTime: `${date}T22:00:00`, endTime: `${date}T22:00:00` }));
    expect(same.json()).toMatchObject({ message: 'The end time must differ from the start time.' });
  });

  it('accepts bare HH:MM times as well as the date-time form', async () => {
    const date = futureDate(12);
    const res = await create(completeEvent({ date, startTime: '21:00', endTime: '02:00' }));
    expect(res.json()).toMatchObject({ startTime: `${date}T21:00:00`, endTime: expect.stringMatching(/T02:00:00$/) });
  });

  it('records a named third-party organiser (empty = FourFour runs it)', async () => {
    const res = await create(
      completeEvent({ organiserName: 'Skyline Promotions', organiserContact: 'hi@sky.example' }),
    );
    expect(res.json()).toMatchObject({ organiserName: 'Skyline Promotions', organiserContact: 'hi@sky.example' });
  });

  it('accepts the data part as a JSON blob (file part), as browsers send it', async () => {
    const boundary = '----blobtest';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="blob"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(completeEvent({ title: 'Blob' }))}\r\n--${boundary}--\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',
      payload,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Blob');
  });

  it('writes an audit entry: who, what, when', async () => {
    const before = Date.now();
    const e = (await create(completeEvent({ title: 'Audited' }))).json();
    const [entry] = await auditFor(e.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'event.create', entityType: 'event' });
    expect(entry!.details).toMatchObject({ title: 'Audited', status: 'PUBLISHED' });
    expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
  });
});

describe('event artwork uploads', () => {
  it('accepts a PNG and stores it re-encoded', async () => {
    const res = await create(completeEvent(), admin, { data: await pngImage() });
    expect(res.statusCode).toBe(201);
    expect(res.json().hasCustomImage).toBe(true);
  });

  it('refuses an SVG with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await create(completeEvent(), admin, { data: svg });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a text file renamed to .png with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events/create',
      ...signedForm(admin, completeEvent(), { data: Buffer.from('just some text, honest'), filename: 'photo.png' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please choose an image (JPEG, PNG, WebP, AVIF or GIF).');
  });

  it("refuses an image over 8 MB on create with the spec's message", async () => {
    const big = await largePng(8 * MB + 1024);
    expect(big.length).toBeGreaterThan(8 * MB);
    const res = await create(completeEvent({ title: 'Too big' }), admin, { data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'Image is too large (max 8MB).' });
    const rows = await t.app.db.select().from(events).where(eq(events.title, 'Too big'));
    expect(rows).toHaveLength(0);
  });

  it("takes the same image on edit (limit 20 MB) and refuses one over 20 MB with the spec's message", async () => {
    const e = (await create(completeEvent())).json();
    const nine = await largePng(9 * MB);
    const ok = await edit(e.id, {}, { data: nine });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().hasCustomImage).toBe(true);
    const huge = Buffer.concat([await pngImage(), Buffer.alloc(20 * MB)]);
    const res = await edit(e.id, {}, { data: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'Image is too large (max 20MB).' });
  });

  it('removes the artwork with imageUrl REMOVE (a default poster takes its place)', async () => {
    const e = (await create(completeEvent(), admin, { data: await pngImage() })).json();
    const res = await edit(e.id, { imageUrl: 'REMOVE' });
    expect(res.json().hasCustomImage).toBe(false);
    expect(res.json().imageUrl).not.toBe(e.imageUrl);
    const img = await t.app.inject(res.json().imageUrl);
    expect(img.statusCode).toBe(200);
    const audit = await auditFor(e.id);
    expect(audit.at(-1)!.details).toMatchObject({ changes: { image: { from: 'set', to: 'removed' } } });
  });
});

describe('editing an event', () => {
  it('answers the event, keeps fields left out, clears fields sent as null', async () => {
    const e = (await create(completeEvent({ status: 'PLANNED' }))).json();
    const res = await edit(e.id, { title: 'Renamed', location: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Renamed', location: null, description: 'All night long.' });
  });

  it('saves a draft without any completeness check', async () => {
    const e = (await create({ title: 'Draft', status: 'PLANNED' })).json();
    const res = await edit(e.id, { description: 'Still thinking', status: 'PLANNED' });
    expect(res.statusCode).toBe(200);
  });

  it("refuses to publish an incomplete event with the spec's list, in the spec's order", async () => {
    const e = (await create({ title: 'Draft', status: 'PLANNED' })).json();
    const res = await edit(e.id, { status: 'PUBLISHED' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Please complete: description, location, date, start time, end time, standard ticket price, vip ticket price, ticket totals (std or VIP)',
    );
    const blankTitle = await edit(e.id, { ...completeEvent(), title: null });
    expect(blankTitle.json().message).toBe('Title is required.');
  });

  it('needs a positive price for each type but totals above 0 for either', async () => {
    const e = (await create({ title: 'Draft', status: 'PLANNED' })).json();
    const vipOnly = await edit(e.id, completeEvent({ totalStandardTickets: 0, totalVipTickets: 5 }));
    expect(vipOnly.statusCode).toBe(200);
    const e2 = (await create({ title: 'Draft 2', status: 'PLANNED' })).json();
    const none = await edit(e2.id, completeEvent({ totalStandardTickets: 0, totalVipTickets: 0 }));
    expect(none.json().message).toBe('Please complete: ticket totals (std or VIP)');
  });

  it('publishes a complete draft and audits it as a publish', async () => {
    const e = (await create(completeEvent({ status: 'PLANNED' }))).json();
    const res = await edit(e.id, { status: 'PUBLISHED' });
    expect(res.json().status).toBe('PUBLISHED');
    const audit = await auditFor(e.id);
    expect(audit.map((a) => a.action)).toEqual(['event.create', 'event.publish']);
    expect(audit[1]!.details).toMatchObject({ changes: { status: { from: 'PLANNED', to: 'PUBLISHED' } } });
  });

  it('records the changed fields with old and new values in the audit log', async () => {
    const e = (await create(completeEvent())).json();
    await edit(e.id, { title: 'New title', totalStandardTickets: 150 });
    const [, update] = await auditFor(e.id);
    expect(update).toMatchObject({ action: 'event.update', actorId: admin.id });
    expect(update!.details).toEqual({
      changes: {
        title: { from: 'Deep House Night', to: 'New title' },
        totalStandardTickets: { from: 100, to: 150 },
      },
    });
  });

  it('applies the overnight rule on edit too', async () => {
    const e = (await create(completeEvent())).json();
    const res = await edit(e.id, { startTime: `${e.date}T23:00:00`, endTime: `${e.date}T05:00:00` });
    expect(Date.parse(res.json().endsAt) - Date.parse(res.json().startsAt)).toBe(6 * 3600_000);
  });

  it('cannot lower a total below the tickets already sold or held', async () => {
    const e = await createEvent(t.app, { totalStandard: 10 });
    await t.app.db.update(events).set({ soldStandard: 6, heldStandard: 2 }).where(eq(events.id, e.id));
    const res = await edit(e.id, { totalStandardTickets: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Ticket totals cannot be lower than the tickets already sold or held/);
    expect((await edit(e.id, { totalStandardTickets: 8 })).statusCode).toBe(200);
  });

  it('cannot move an event with sales back to draft', async () => {
    const e = await createEvent(t.app);
    await t.app.db.update(events).set({ soldVip: 1 }).where(eq(events.id, e.id));
    const res = await edit(e.id, { status: 'PLANNED' });
    expect(res.statusCode).toBe(409);
  });

  it('cannot edit, re-price or publish a past event (409)', async () => {
    const e = await createEvent(t.app, { startsAt: new Date(Date.now() - 3600_000), status: 'PLANNED' });
    const message = 'This event has already started and can no longer be changed.';
    expect((await edit(e.id, { title: 'x' })).json()).toMatchObject({ message, code: 'EVENT_PAST' });
    expect((await edit(e.id, { status: 'PUBLISHED' })).statusCode).toBe(409);
    const prices = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${e.id}/prices`,
      headers: admin.headers,
      payload: { standardTicketPrice: 1, vipTicketPrice: 1 },
    });
    expect(prices.statusCode).toBe(409);
    expect(prices.json().message).toBe(message);
  });

  it('cannot edit, re-price or publish a cancelled event (409)', async () => {
    const e = await createEvent(t.app, { cancelled: true, status: 'PLANNED' });
    const message = 'This event has been cancelled and can no longer be changed.';
    expect((await edit(e.id, { title: 'x' })).json()).toMatchObject({ message, code: 'EVENT_CANCELLED' });
    expect((await edit(e.id, { status: 'PUBLISHED' })).statusCode).toBe(409);
    const prices = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${e.id}/prices`,
      headers: admin.headers,
      payload: { standardTicketPrice: 1 },
    });
    expect(prices.json().message).toBe(message);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await edit(999_999, { title: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/events/999999', headers: admin.headers })).statusCode).toBe(404);
  });

  it('reads one event for the edit form with admin-only fields', async () => {
    const e = await createEvent(t.app, { organiserContact: 'x@y.example', organiserName: 'Y' });
    const res = await t.app.inject({ url: `/api/admin/events/${e.id}`, headers: admin.headers });
    expect(res.json()).toMatchObject({ id: e.id, organiserContact: 'x@y.example', soldStandardTickets: 0 });
  });
});

describe('prices', () => {
  const putPrices = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/events/${id}/prices`, headers: admin.headers, payload });

  it('updates both prices in pounds and audits old and new', async () => {
    const e = await createEvent(t.app, { standardPricePence: 2000, vipPricePence: 5000 });
    const res = await putPrices(e.id, { standardTicketPrice: 22.5, vipTicketPrice: 60 });
    expect(res.json()).toMatchObject({ standardTicketPrice: 22.5, vipPrice: 60 });
    const [entry] = await auditFor(e.id);
    expect(entry).toMatchObject({ action: 'event.prices', actorId: admin.id });
    expect(entry!.details).toEqual({
      standardTicketPrice: { from: 20, to: 22.5 },
      vipTicketPrice: { from: 50, to: 60 },
    });
  });

  it('treats empty prices of a draft as 0', async () => {
    const e = await createEvent(t.app, { status: 'PLANNED' });
    const res = await putPrices(e.id, { standardTicketPrice: null, vipTicketPrice: '' });
    expect(res.json()).toMatchObject({ standardTicketPrice: 0, vipTicketPrice: 0 });
  });

  // Issue 16, item 9: updating one price used to set the other to £0, and tickets went out free.
  it('leaves an omitted price as it was', async () => {
    const e = await createEvent(t.app, { standardPricePence: 2000, vipPricePence: 5000 });
    const vipOnly = await putPrices(e.id, { vipTicketPrice: 65 });
    expect(vipOnly.statusCode).toBe(200);
    expect(vipOnly.json()).toMatchObject({ standardTicketPrice: 20, vipTicketPrice: 65 });
    const standardOnly = await putPrices(e.id, { standardTicketPrice: 25.5 });
    expect(standardOnly.json()).toMatchObject({ standardTicketPrice: 25.5, vipTicketPrice: 65 });
    const [row] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    expect([row!.standardPricePence, row!.vipPricePence]).toEqual([2550, 6500]);
    const entries = await auditFor(e.id);
    expect(entries.at(-1)!.details).toEqual({
      standardTicketPrice: { from: 20, to: 25.5 },
      vipTicketPrice: { from: 65, to: 65 },
    });
  });

  it('refuses a price of 0 for a published event with the publishing check’s wording, and changes nothing', async () => {
    const e = await createEvent(t.app, { standardPricePence: 2000, vipPricePence: 5000 });
    for (const [payload, message] of [
      [{ standardTicketPrice: 0 }, 'Please complete: standard ticket price'],
      [{ vipTicketPrice: '' }, 'Please complete: vip ticket price'],
      [{ standardTicketPrice: null, vipTicketPrice: 0 }, 'Please complete: standard ticket price, vip ticket price'],
    ] as const) {
      const res = await putPrices(e.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'EVENT_INCOMPLETE', message });
    }
    const [row] = await t.app.db.select().from(events).where(eq(events.id, e.id));
    expect([row!.standardPricePence, row!.vipPricePence]).toEqual([2000, 5000]);
  });

  it('refuses a negative price', async () => {
    const e = await createEvent(t.app);
    const res = await putPrices(e.id, { standardTicketPrice: -1, vipTicketPrice: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Prices must be 0 or more, in pounds and pence.');
  });
});

describe('cancelling an event', () => {
  it('cancels, leaves the public list, runs the cancellation listeners through the job, and audits', async () => {
    const e = await createEvent(t.app);
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/events/${e.id}/cancel`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: e.id, cancelled: true });
    const list = (await t.app.inject('/api/events/list')).json() as { id: number }[];
    expect(list.map((x) => x.id)).not.toContain(e.id);
    await waitFor(async () => cancelledSeen.includes(e.id));
    expect((await auditFor(e.id)).map((a) => a.action)).toEqual(['event.cancel']);
  });

  it('runs every listener even when one fails, and retries the job until all succeed', async () => {
    const e = await createEvent(t.app);
    failOnce.add(e.id);
    await t.app.inject({ method: 'PUT', url: `/api/admin/events/${e.id}/cancel`, headers: admin.headers });
    await waitFor(async () => (attempts.get(e.id) ?? 0) >= 2, 30_000);
    expect(cancelledSeen.filter((id) => id === e.id).length).toBeGreaterThanOrEqual(2);
  });

  it('is idempotent: a second cancel answers the same and enqueues nothing more', async () => {
    const e = await createEvent(t.app);
    const url = `/api/admin/events/${e.id}/cancel`;
    await t.app.inject({ method: 'PUT', url, headers: admin.headers });
    const again = await t.app.inject({ method: 'PUT', url, headers: master.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().cancelled).toBe(true);
    const jobs = await t.database.raw.query<{ n: number }>(
      // Job data is stored sealed (lib/sealed-payload.ts); the singleton key names the event.
      "select count(*)::int as n from pgboss.job where name = 'event.cancelled' and singleton_key = $1",
      [`event-cancelled:${e.id}`],
    );
    expect(jobs.rows[0]!.n).toBe(1);
    expect(await auditFor(e.id)).toHaveLength(1);
  });

  it('cannot cancel a past event', async () => {
    const e = await createEvent(t.app, { startsAt: new Date(Date.now() - 60_000) });
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/events/${e.id}/cancel`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
  });
});

describe('event stats', () => {
  it('counts sold tickets and revenue from the ticket rows, leaving out void ones', async () => {
    const fan = await createUser(t.app);
    const e = await createEvent(t.app);
    await insertTickets(t.app, {
      eventId: e.id,
      userId: fan.id,
      items: [
        { type: 'STANDARD', pricePence: 1800 },
        { type: 'STANDARD', pricePence: 1620 },
        { type: 'STANDARD', pricePence: 0 },
        { type: 'VIP', pricePence: 4500, status: 'USED' },
        { type: 'VIP', pricePence: 4500, status: 'VOID' },
      ],
    });
    const res = await t.app.inject({ url: `/api/admin/events/${e.id}/stats`, headers: admin.headers });
    expect(res.json()).toEqual({
      totalTicketsSold: 4,
      standardTicketsSold: 3,
      vipTicketsSold: 1,
      totalRevenue: 79.2,
    });
  });

  it('answers zeros for an event without sales and 404 for an unknown one', async () => {
    const e = await createEvent(t.app);
    const res = await t.app.inject({ url: `/api/admin/events/${e.id}/stats`, headers: admin.headers });
    expect(res.json()).toEqual({ totalTicketsSold: 0, standardTicketsSold: 0, vipTicketsSold: 0, totalRevenue: 0 });
    expect((await t.app.inject({ url: '/api/admin/events/999999/stats', headers: admin.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('Manage Events list', () => {
  it('lists every event, cancelled and past included', async () => {
    const past = await createEvent(t.app, { startsAt: new Date(Date.now() - 86400_000) });
    const cancelled = await createEvent(t.app, { cancelled: true });
    // The list pages by cursor (issue 17 item 4): every page, walked to the end.
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?size=100&cursor=${cursor}` : '?size=100';
      const res = await t.app.inject({ url: `/api/admin/events${query}`, headers: admin.headers });
      const page = res.json() as { content: { id: number }[]; nextCursor: string | null };
      ids.push(...page.content.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(expect.arrayContaining([past.id, cancelled.id]));
  });
});
