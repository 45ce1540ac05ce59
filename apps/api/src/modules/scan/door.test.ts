import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoorDashboard, DoorPack, DoorSyncScanResult } from '@fourfour/shared/door';
import { checkOffline, offlinePackOf } from '@fourfour/shared/offline-door';
import { SCAN_MESSAGES } from '@fourfour/shared/scan';
import { base64UrlDecode, type TicketTokenParts } from '@fourfour/shared/ticket-token';
import { offlineScans, ticketScans, tickets } from '../../db/schema/index.ts';
import { signTicketToken } from '../../lib/ticket-token.ts';
import { forgedCode } from '../../../test/forged-code.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { ticketQrValue } from '../tickets/qr.ts';
import { scanLabels } from './scan-labels.ts';
import { issueTickets, scan } from './scan.test-kit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Doors open now: the night began an hour ago and ends in five hours. */
function tonight() {
  const now = Date.now();
  return { startsAt: new Date(now - HOUR), endsAt: new Date(now + 5 * HOUR) };
}

describe('the door when the signal drops (issue 22)', () => {
  let t: TestApp;
  /** An EVENT_WORKER whose username starts with door_, and a fan who owns the tickets. */
  let door: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    [door, fan] = await Promise.all([
      createUser(t.app, { role: 'EVENT_WORKER', username: `door_${Date.now().toString(36)}` }),
      createUser(t.app, { role: 'USER' }),
    ]);
  });
  afterAll(() => t?.close());

  const packOf = async (eventId: number, user: TestUser, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ticket-scan/events/${eventId}/pack${q.size ? `?${q}` : ''}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DoorPack;
  };
  const sync = (user: TestUser, deviceId: string, scans: { nonce: string; qrCodeValue: string; scannedAt: string }[]) =>
    t.app.inject({ method: 'POST', url: '/api/ticket-scan/sync', headers: user.headers, payload: { deviceId, scans } });
  const syncOk = async (...args: Parameters<typeof sync>) => {
    const res = await sync(...args);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as DoorSyncScanResult[];
  };
  const dashboard = async (eventId: number, user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/door`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DoorDashboard;
  };
  const ticketRow = async (id: string) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const v2 = (id: string, event: { id: number; startsAt: Date | null; endsAt: Date | null }, ticketType = 'STANDARD') =>
    ticketQrValue(
      {
        ticketId: id,
        eventId: event.id,
        ticketType: ticketType as 'STANDARD',
        startsAt: event.startsAt,
        endsAt: event.endsAt,
      },
      t.app.config.ticketSigningKeyPem,
    );
  const nameDevice = (user: TestUser, deviceId: string, name: string) =>
    t.app.inject({ method: 'PUT', url: '/api/ticket-scan/device', headers: user.headers, payload: { deviceId, name } });

  describe('door packs', () => {
    it('give door staff the signing key, the entry window and what the door needs of each ticket, and no more', async () => {
      const event = await createEvent(t.app, { title: 'Basement Sessions', ...tonight() });
      const [valid, used, refunded] = await issueTickets(t.app, fan, event.id, 3, { ticketType: 'VIP' });
      await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, refunded!.id));
      expect((await scan(t.app, door, used!.code, { deviceHeader: 'web-front' })).statusCode).toBe(200);

      const pack = await packOf(event.id, door, { deviceId: 'web-front' });
      expect(pack.full).toBe(true);
      expect(pack.version).toMatch(/^\d+$/);
      expect(pack.event).toMatchObject({ id: event.id, title: 'Basement Sessions', cancelled: false });
      expect(Date.parse(pack.event.opensAt!)).toBe(event.startsAt!.getTime() - 12 * HOUR);
      expect(Date.parse(pack.event.closesAt!)).toBe(event.endsAt!.getTime());
      const byId = new Map(pack.tickets.map((x) => [x.id, x]));
      expect(byId.size).toBe(3);
      expect(byId.get(valid!.id)).toEqual({
        id: valid!.id,
        ticketType: 'VIP',
        name: 'Nia0 A.',
        status: 'VALID',
        admittedAt: null,
        admittedBy: null,
      });
      expect(byId.get(used!.id)).toMatchObject({ status: 'USED', admittedBy: door.username });
      expect(Date.parse(byId.get(used!.id)!.admittedAt!)).toBe((await ticketRow(used!.id)).usedAt!.getTime());
      expect(byId.get(refunded!.id)?.status).toBe('VOID');
      // First name and initial only: no surname, no date of birth leaves for a phone.
      expect(JSON.stringify(pack)).not.toMatch(/Adeyemi|1995-08-17|dateOfBirth|lastName/);

      // The key verifies the tickets' codes with WebCrypto, as the phone does.
      const key = await crypto.subtle.importKey('raw', base64UrlDecode(pack.publicKey)!, { name: 'Ed25519' }, false, [
        'verify',
      ]);
      const [head, payload, sig] = v2(valid!.id, event).split('.');
      const ok = await crypto.subtle.verify(
        'Ed25519',
        key,
        base64UrlDecode(sig!)!,
        new TextEncoder().encode(`${head}.${payload}`),
      );
      expect(ok).toBe(true);
    });

    it('send only the tickets changed since the version the phone holds', async () => {
      const event = await createEvent(t.app, tonight());
      const [a, b, c] = await issueTickets(t.app, fan, event.id, 3);
      const first = await packOf(event.id, door);
      expect(first.tickets).toHaveLength(3);
      // Nothing changed: nothing new. (A ticket may come again, unchanged, when some transaction,
      // e.g. the job queue's, was still open as the pack was read: the version is the oldest open one.)
      const unchanged = await packOf(event.id, door, { since: first.version });
      expect(unchanged.full).toBe(false);
      for (const x of unchanged.tickets) expect(first.tickets).toContainEqual(x);

      expect((await scan(t.app, door, a!.code)).statusCode).toBe(200);
      await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, b!.id));
      const [d] = await issueTickets(t.app, fan, event.id, 1);
      const delta = await packOf(event.id, door, { since: first.version });
      const changed = new Map(delta.tickets.map((x) => [x.id, x.status]));
      expect(changed.get(a!.id)).toBe('USED');
      expect(changed.get(b!.id)).toBe('VOID');
      expect(changed.get(d!.id)).toBe('VALID');
      if (changed.has(c!.id)) expect(changed.get(c!.id)).toBe('VALID');
      // The version never goes back; it stays put while a transaction older than both reads is still
      // open anywhere on the server (another database's test on the same PostgreSQL, a backup).
      expect(BigInt(delta.version)).toBeGreaterThanOrEqual(BigInt(first.version));
      if (!process.env.DATABASE_URL) {
        // A phone up to date, once no write is in flight, is sent nothing. (On the embedded database
        // this test's database is the only one on its server, so nothing else holds the version back.)
        await waitFor(async () => {
          const { version } = await packOf(event.id, door);
          return (await packOf(event.id, door, { since: version })).tickets.length === 0;
        });
      } else {
        // On a shared PostgreSQL server other databases' transactions (CI runs test files side by side,
        // some with minute-long loads) can hold the version back for as long as they run: a phone up to
        // date may then be sent tickets again, but only as they stand.
        const full = await packOf(event.id, door);
        const again = await packOf(event.id, door, { since: full.version });
        for (const x of again.tickets) expect(full.tickets).toContainEqual(x);
      }
    });

    it('give phones asking at the same time each the whole pack, and one asking after a change the change', async () => {
      const event = await createEvent(t.app, tonight());
      const issued = await issueTickets(t.app, fan, event.id, 4);
      const together = await Promise.all(Array.from({ length: 6 }, () => packOf(event.id, door)));
      for (const pack of together) {
        expect(pack.full).toBe(true);
        expect(pack.tickets.map((x) => x.id).sort()).toEqual(issued.map((x) => x!.id).sort());
      }
      await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, issued[0]!.id));
      const after = await packOf(event.id, door);
      expect(after.tickets.find((x) => x.id === issued[0]!.id)?.status).toBe('VOID');
    });

    it.runIf(process.env.DATABASE_URL)(
      'never miss a change committed after the pack was read (PostgreSQL)',
      async () => {
        const event = await createEvent(t.app, tonight());
        const [ticket] = await issueTickets(t.app, fan, event.id, 1);
        const client = await t.database.pool!.connect();
        try {
          // A refund in flight while the phone downloads: not visible yet, committed just after.
          await client.query('BEGIN');
          await client.query(`UPDATE tickets SET status = 'VOID' WHERE id = $1`, [ticket!.id]);
          const during = await packOf(event.id, door);
          expect(during.tickets.find((x) => x.id === ticket!.id)?.status).toBe('VALID');
          await client.query('COMMIT');
          const next = await packOf(event.id, door, { since: during.version });
          expect(next.tickets.find((x) => x.id === ticket!.id)?.status).toBe('VOID');
        } finally {
          client.release();
        }
      },
    );

    it('answer 404 for an unknown event and 400 for a version or device id they never gave', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/ticket-scan/events/987654/pack',
        headers: door.headers,
      });
      expect(res.statusCode).toBe(404);
      const event = await createEvent(t.app, tonight());
      for (const query of [
        'since=abc',
        'since=-1',
        `since=${'9'.repeat(25)}`,
        'deviceId=%00x',
        `deviceId=${'d'.repeat(65)}`,
      ]) {
        const bad = await t.app.inject({
          method: 'GET',
          url: `/api/ticket-scan/events/${event.id}/pack?${query}`,
          headers: door.headers,
        });
        expect(bad.statusCode, query).toBe(400);
      }
    });

    it('are offered for the events whose door is open or opens within two days', async () => {
      const open = await createEvent(t.app, { title: 'Open now', ...tonight() });
      const soon = await createEvent(t.app, { title: 'Tomorrow', startsAt: new Date(Date.now() + 30 * HOUR) });
      const later = await createEvent(t.app, { startsAt: new Date(Date.now() + 80 * HOUR) });
      const over = await createEvent(t.app, {
        startsAt: new Date(Date.now() - 10 * HOUR),
        endsAt: new Date(Date.now() - HOUR),
      });
      const cancelled = await createEvent(t.app, { ...tonight(), cancelled: true });
      const res = await t.app.inject({ method: 'GET', url: '/api/ticket-scan/events', headers: door.headers });
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as { id: number }[]).map((e) => e.id);
      expect(ids).toEqual(expect.arrayContaining([open.id, soon.id]));
      for (const id of [later.id, over.id, cancelled.id]) expect(ids).not.toContain(id);
      expect(ids.indexOf(open.id)).toBeLessThan(ids.indexOf(soon.id));
    });

    it('are for door staff only', async () => {
      const event = await createEvent(t.app, tonight());
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/ticket-scan/events/${event.id}/pack`,
        headers: fan.headers,
      });
      expect(res.statusCode).toBe(403);
      const anon = await t.app.inject({ method: 'GET', url: `/api/ticket-scan/events/${event.id}/pack` });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('offline admissions coming home (sync)', () => {
    it('admits at the scan time, not the sync time, and logs the admission with the phone', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id, 1);
      const scannedAt = new Date(Date.now() - 20 * MINUTE);
      const nonce = randomUUID();
      const [result] = await syncOk(door, 'web-cellar', [
        { nonce, qrCodeValue: v2(ticket!.id, event), scannedAt: scannedAt.toISOString() },
      ]);
      expect(result).toMatchObject({ nonce, result: 'ADMITTED', ticketId: ticket!.id, firstAdmission: null });
      expect(result!.admittedAt).toBe(scannedAt.toISOString());
      expect(result!.message).toMatch(/^Admitted offline at \d{2}:\d{2} on /);
      const row = await ticketRow(ticket!.id);
      expect(row.status).toBe('USED');
      expect(row.usedAt!.getTime()).toBe(scannedAt.getTime());
      expect(row.usedBy).toBe(door.id);
      expect(row.usedDevice).toBe('web-cellar');
      const log = await t.app.db.select().from(ticketScans).where(eq(ticketScans.ticketId, ticket!.id));
      expect(log.map((l) => [l.result, l.device, l.createdAt.getTime()])).toEqual([
        ['OK', 'web-cellar', scannedAt.getTime()],
      ]);
      // Then an online scan of it is refused as already used at the offline scan's time.
      const again = await scan(t.app, door, v2(ticket!.id, event));
      expect(again.statusCode).toBe(409);
      expect(again.json().firstAdmittedAt).toBe(scannedAt.toISOString());
    });

    it('is idempotent on the nonce: the same batch sent twice answers the same and changes nothing', async () => {
      const event = await createEvent(t.app, tonight());
      const issued = await issueTickets(t.app, fan, event.id, 3);
      const batch = issued.map((x, i) => ({
        nonce: randomUUID(),
        qrCodeValue: x.code,
        scannedAt: new Date(Date.now() - (10 - i) * MINUTE).toISOString(),
      }));
      const first = await syncOk(door, 'web-twice', batch);
      expect(first.map((r) => r.result)).toEqual(['ADMITTED', 'ADMITTED', 'ADMITTED']);
      const countRows = async () => ({
        log: (await t.app.db.select().from(ticketScans).where(eq(ticketScans.eventId, event.id))).length,
        offline: (await t.app.db.select().from(offlineScans).where(eq(offlineScans.eventId, event.id))).length,
        tickets: (await t.app.db.select().from(tickets).where(eq(tickets.eventId, event.id))).map((x) => [
          x.id,
          x.status,
          x.usedAt?.getTime(),
          x.changeXid,
        ]),
      });
      const before = await countRows();
      // The phone died before it read the answer: it sends the same batch again, in another order.
      const second = await syncOk(door, 'web-twice', [...batch].reverse());
      expect([...second].reverse()).toEqual(first);
      expect(await countRows()).toEqual(before);
      expect(before.log).toBe(3);
      expect(before.offline).toBe(3);
    });

    it('records a conflict when two phones admitted the same ticket offline, with where and when it was first admitted', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id, 1);
      const other = await createUser(t.app, { role: 'EVENT_WORKER' });
      expect((await nameDevice(door, 'web-front', 'Front door')).statusCode).toBe(200);
      expect((await nameDevice(other, 'web-vip', 'VIP door')).statusCode).toBe(200);
      const firstAt = new Date(Date.now() - 30 * MINUTE);
      const secondAt = new Date(Date.now() - 25 * MINUTE);
      await syncOk(door, 'web-front', [
        { nonce: randomUUID(), qrCodeValue: ticket!.code, scannedAt: firstAt.toISOString() },
      ]);
      const nonce = randomUUID();
      const [conflict] = await syncOk(other, 'web-vip', [
        { nonce, qrCodeValue: v2(ticket!.id, event), scannedAt: secondAt.toISOString() },
      ]);
      expect(conflict).toMatchObject({
        nonce,
        result: 'ALREADY_USED',
        ticketId: ticket!.id,
        admittedAt: null,
        firstAdmission: {
          admittedAt: firstAt.toISOString(),
          deviceId: 'web-front',
          deviceName: 'Front door',
          admittedBy: door.username,
        },
      });
      expect(conflict!.message).toMatch(/^Already used: admitted at \d{2}:\d{2} on .+ on Front door by door_/);
      // The first admission stands.
      expect((await ticketRow(ticket!.id)).usedDevice).toBe('web-front');

      const board = await dashboard(event.id, door);
      expect(board.totals).toMatchObject({ admitted: 1, sold: 1, admittedOffline: 1, conflicts: 1 });
      expect(board.conflicts).toEqual([
        expect.objectContaining({
          nonce,
          result: 'ALREADY_USED',
          ticketId: ticket!.id,
          name: 'Nia0 A.',
          scannedAt: secondAt.toISOString(),
          deviceId: 'web-vip',
          deviceName: 'VIP door',
          scannedBy: other.username,
          firstAdmission: expect.objectContaining({ deviceName: 'Front door', admittedAt: firstAt.toISOString() }),
        }),
      ]);
    });

    it('answers VOID for a ticket refunded meanwhile, WRONG_DAY outside the entry window at the scan time, INVALID for a forged code', async () => {
      const event = await createEvent(t.app, tonight());
      const [refunded, early] = await issueTickets(t.app, fan, event.id, 2);
      await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, refunded!.id));
      const forged = forgedCode(refunded!.code);
      const results = await syncOk(door, 'web-x', [
        { nonce: randomUUID(), qrCodeValue: refunded!.code, scannedAt: new Date().toISOString() },
        // Scanned before entry opened (13 hours before the start).
        { nonce: randomUUID(), qrCodeValue: early!.code, scannedAt: new Date(Date.now() - 14 * HOUR).toISOString() },
        { nonce: randomUUID(), qrCodeValue: forged, scannedAt: new Date().toISOString() },
        { nonce: randomUUID(), qrCodeValue: 'not a ticket', scannedAt: new Date().toISOString() },
      ]);
      expect(results.map((r) => r.result)).toEqual(['VOID', 'WRONG_DAY', 'INVALID', 'INVALID']);
      expect(results[0]!.message).toBe(SCAN_MESSAGES.voidRefunded);
      expect(results[1]!.message).toMatch(/^Wrong day: this ticket is for /);
      expect((await ticketRow(early!.id)).status).toBe('VALID');
      // Conflicts (VOID, WRONG_DAY) are listed; codes that name no ticket have no event to list them under.
      expect((await dashboard(event.id, door)).conflicts.map((c) => c.result).sort()).toEqual(['VOID', 'WRONG_DAY']);
    });

    it('does not count as a conflict the same phone’s online admission whose answer was lost', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id, 1);
      const online = await scan(t.app, door, ticket!.code, { deviceHeader: 'web-flaky' });
      expect(online.statusCode).toBe(200);
      const [same] = await syncOk(door, 'web-flaky', [
        { nonce: randomUUID(), qrCodeValue: ticket!.code, scannedAt: new Date(Date.now() + 3000).toISOString() },
      ]);
      expect(same).toMatchObject({ result: 'ADMITTED', admittedAt: online.json().admittedAt, firstAdmission: null });
      // Another phone's admission of it is a conflict.
      const [other] = await syncOk(door, 'web-other', [
        { nonce: randomUUID(), qrCodeValue: ticket!.code, scannedAt: new Date().toISOString() },
      ]);
      expect(other!.result).toBe('ALREADY_USED');
      expect((await dashboard(event.id, door)).totals.conflicts).toBe(1);
    });

    it('takes a scan time ahead of the server’s clock as the sync time', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id, 1);
      const before = Date.now();
      const [result] = await syncOk(door, 'web-fast-clock', [
        { nonce: randomUUID(), qrCodeValue: ticket!.code, scannedAt: new Date(Date.now() + 2 * HOUR).toISOString() },
      ]);
      expect(result!.result).toBe('ADMITTED');
      const at = (await ticketRow(ticket!.id)).usedAt!.getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    });

    it('refuses a nonce reused for another ticket, and a malformed batch with 400 changing nothing', async () => {
      const event = await createEvent(t.app, tonight());
      const [a, b] = await issueTickets(t.app, fan, event.id, 2);
      const nonce = randomUUID();
      await syncOk(door, 'web-n', [{ nonce, qrCodeValue: a!.code, scannedAt: new Date().toISOString() }]);
      const [reused] = await syncOk(door, 'web-n', [
        { nonce, qrCodeValue: b!.code, scannedAt: new Date().toISOString() },
      ]);
      expect(reused).toMatchObject({ result: 'INVALID', ticketId: null });
      expect((await ticketRow(b!.id)).status).toBe('VALID');

      const now = new Date().toISOString();
      const scanOf = (code: string) => ({ nonce: randomUUID(), qrCodeValue: code, scannedAt: now });
      const twice = scanOf(b!.code);
      for (const payload of [
        { deviceId: 'web-n', scans: [twice, { ...twice }] },
        { deviceId: 'web-n', scans: [{ ...scanOf(b!.code), scannedAt: 'yesterday' }] },
        { deviceId: 'web-n', scans: [{ ...scanOf(b!.code), nonce: 'not-a-uuid' }] },
        { deviceId: 'web-n', scans: Array.from({ length: 201 }, () => scanOf(b!.code)) },
        { deviceId: 'web-n', scans: [] },
        { deviceId: '\u0001', scans: [scanOf(b!.code)] },
        { deviceId: 'web-n', scans: [{ ...scanOf(b!.code), qrCodeValue: 'x'.repeat(513) }] },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/ticket-scan/sync',
          headers: door.headers,
          payload,
        });
        expect(res.statusCode).toBe(400);
      }
      expect((await ticketRow(b!.id)).status).toBe('VALID');
    });
  });

  describe('offline verdicts on the phone, against a real door pack', () => {
    const labels = scanLabels('Europe/London');
    const verifierOf = async (pack: DoorPack) => {
      const key = await crypto.subtle.importKey('raw', base64UrlDecode(pack.publicKey)!, { name: 'Ed25519' }, false, [
        'verify',
      ]);
      return (parts: TicketTokenParts) =>
        crypto.subtle.verify('Ed25519', key, parts.signature, new TextEncoder().encode(parts.signed));
    };
    const offline = async (pack: DoorPack, code: string, admittedHere: Map<string, number> = new Map()) =>
      checkOffline({
        code,
        packs: [offlinePackOf(pack.event, pack.tickets)],
        verify: await verifierOf(pack),
        admittedHere: (id) => admittedHere.get(id),
        now: Date.now(),
        labels,
      });

    it('admits a ticket on the list, and refuses a voided one and one already admitted on this phone', async () => {
      const event = await createEvent(t.app, { title: 'Warehouse Night', ...tonight() });
      const [ok, voided] = await issueTickets(t.app, fan, event.id, 2, { ticketType: 'VIP' });
      await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.id, voided!.id));
      const pack = await packOf(event.id, door);
      expect(await offline(pack, v2(ok!.id, event, 'VIP'))).toMatchObject({
        ok: true,
        ticketId: ok!.id,
        ticketType: 'VIP',
        name: 'Nia0 A.',
        onList: true,
      });
      // A version 1 code on the list works offline too.
      expect(await offline(pack, ok!.code)).toMatchObject({ ok: true, ticketId: ok!.id });
      expect(await offline(pack, v2(voided!.id, event))).toEqual({
        ok: false,
        status: 'VOID',
        message: SCAN_MESSAGES.voidRefunded,
        ticketId: voided!.id,
      });
      const here = await offline(pack, ok!.code, new Map([[ok!.id, Date.now() - MINUTE]]));
      expect(here).toMatchObject({ ok: false, status: 'ALREADY_USED' });
      expect(here.ok === false && here.message).toMatch(
        /^Already used: admitted at \d{2}:\d{2} on .+ on this phone\.$/,
      );
    });

    it('refuses a version 2 code for another night from its signed window alone', async () => {
      const tonightEvent = await createEvent(t.app, tonight());
      const nextWeek = await createEvent(t.app, { startsAt: new Date(Date.now() + 7 * 24 * HOUR) });
      const [other] = await issueTickets(t.app, fan, nextWeek.id, 1);
      const pack = await packOf(tonightEvent.id, door);
      const verdict = await offline(pack, v2(other!.id, nextWeek));
      expect(verdict).toMatchObject({ ok: false, status: 'WRONG_DAY', ticketId: other!.id });
      expect(verdict.ok === false && verdict.message).toMatch(/^Wrong night: this ticket is for another event, on /);
      // A version 1 code cannot say which night it is for: not on the list, check it online.
      expect(await offline(pack, other!.code)).toMatchObject({ ok: false, status: null, ticketId: other!.id });
    });

    it('judges a listed ticket by its event as it stands now, and admits a version 2 code sold after the last refresh', async () => {
      const event = await createEvent(t.app, tonight());
      const pack = await packOf(event.id, door);
      const [late] = await issueTickets(t.app, fan, event.id, 1);
      expect(await offline(pack, v2(late!.id, event))).toMatchObject({ ok: true, ticketId: late!.id, onList: false });
      // The same ticket's version 1 code is not on the list, and says nothing of its event.
      expect(await offline(pack, late!.code)).toMatchObject({ ok: false, status: null });

      const closed = { ...pack, event: { ...pack.event, closesAt: new Date(Date.now() - MINUTE).toISOString() } };
      const [listed] = await issueTickets(t.app, fan, event.id, 1);
      const withListed = {
        ...closed,
        tickets: [...pack.tickets, (await packOf(event.id, door)).tickets.find((x) => x.id === listed!.id)!],
      };
      const verdict = await offline(withListed, v2(listed!.id, event));
      expect(verdict).toMatchObject({ ok: false, status: 'WRONG_DAY' });
      expect(verdict.ok === false && verdict.message).toMatch(/which has ended\.$/);
    });

    it('refuses an altered or foreign code offline, and finds a typed door code on the list', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id, 1);
      const pack = await packOf(event.id, door);
      const code = v2(ticket!.id, event);
      expect(await offline(pack, forgedCode(code))).toMatchObject({ ok: false, status: 'INVALID' });
      const { generateKeyPairSync } = await import('node:crypto');
      const foreignKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect(await offline(pack, signTicketToken(ticket!.id, foreignKey))).toMatchObject({
        ok: false,
        status: 'INVALID',
      });
      const doorCode = ticket!.id.replace(/-/g, '').slice(0, 12).toUpperCase();
      expect(await offline(pack, doorCode)).toMatchObject({ ok: true, ticketId: ticket!.id });
    });
  });

  describe('device names and the live door', () => {
    it('names a device once; the name shows in its pack, the device list and the scan log', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id, 1);
      const named = await nameDevice(door, 'web-back', '  Back door ');
      expect(named.json()).toEqual({ deviceId: 'web-back', name: 'Back door' });
      expect((await packOf(event.id, door, { deviceId: 'web-back' })).deviceName).toBe('Back door');
      expect((await scan(t.app, door, ticket!.code, { deviceHeader: 'web-back' })).statusCode).toBe(200);
      const board = await dashboard(event.id, door);
      expect(board.devices).toEqual([
        expect.objectContaining({ deviceId: 'web-back', name: 'Back door', admitted: 1, staff: [door.username] }),
      ]);
      expect(board.recentScans[0]).toMatchObject({ result: 'OK', deviceName: 'Back door', scannedBy: door.username });
      // Renamed: the logs follow.
      await nameDevice(door, 'web-back', 'Side door');
      expect((await dashboard(event.id, door)).recentScans[0]?.deviceName).toBe('Side door');
      for (const name of ['', ' ', 'x'.repeat(41), 'tab\there', 'zero\u200bwidth']) {
        expect((await nameDevice(door, 'web-back', name)).statusCode, JSON.stringify(name)).toBe(400);
      }
    });

    it('counts admitted against sold per type, arrivals per 15 minutes and refusals by reason', async () => {
      const event = await createEvent(t.app, tonight());
      const standard = await issueTickets(t.app, fan, event.id, 3);
      const [vip] = await issueTickets(t.app, fan, event.id, 1, { ticketType: 'VIP' });
      await issueTickets(t.app, fan, event.id, 1, { status: 'VOID' });
      const quarter = 15 * MINUTE;
      const bucket = Math.floor(Date.now() / quarter) * quarter;
      // Two admitted offline 40 and 35 minutes ago, one online now, and a second scan refused.
      await syncOk(door, 'web-a', [
        {
          nonce: randomUUID(),
          qrCodeValue: standard[0]!.code,
          scannedAt: new Date(bucket - 2 * quarter).toISOString(),
        },
        {
          nonce: randomUUID(),
          qrCodeValue: vip!.code,
          scannedAt: new Date(bucket - 2 * quarter + MINUTE).toISOString(),
        },
      ]);
      expect((await scan(t.app, door, standard[1]!.code, { deviceHeader: 'web-b' })).statusCode).toBe(200);
      expect((await scan(t.app, door, standard[1]!.code, { deviceHeader: 'web-b' })).statusCode).toBe(409);
      const board = await waitFor(async () => {
        const b = await dashboard(event.id, door);
        return b.refusals.find((r) => r.reason === 'ALREADY_USED')?.count === 1 ? b : undefined;
      });
      expect(board.totals).toMatchObject({ admitted: 3, sold: 5 - 1, admittedOffline: 2, conflicts: 0 });
      expect(board.byType).toEqual([
        { ticketType: 'STANDARD', admitted: 2, sold: 3 },
        { ticketType: 'VIP', admitted: 1, sold: 1 },
      ]);
      expect(board.arrivals).toEqual([
        { from: new Date(bucket - 2 * quarter).toISOString(), count: 2 },
        { from: new Date(bucket - quarter).toISOString(), count: 0 },
        { from: new Date(bucket).toISOString(), count: 1 },
      ]);
      expect(board.refusals).toEqual([
        { reason: 'ALREADY_USED', count: 1 },
        { reason: 'VOID', count: 0 },
        { reason: 'WRONG_DAY', count: 0 },
        { reason: 'INVALID', count: 0 },
      ]);
      expect(board.devices.map((d) => [d.deviceId, d.admitted]).sort()).toEqual([
        ['web-a', 2],
        ['web-b', 1],
      ]);
    });

    it('answers pollers arriving together with one reading, and the next poll with a fresh one', async () => {
      const event = await createEvent(t.app, tonight());
      const [a, b] = await issueTickets(t.app, fan, event.id, 2);
      expect((await scan(t.app, door, a!.code)).statusCode).toBe(200);
      const poll = () => Promise.all(Array.from({ length: 6 }, () => dashboard(event.id, door)));
      let together: DoorDashboard[];
      const pool = t.database.pool;
      if (!pool) {
        // The embedded database runs one statement at a time: six readings would end apart.
        together = await poll();
      } else {
        // PostgreSQL: the night's tickets are locked while six pollers arrive; only one reading may
        // be waiting for them (six separate readings would be six waiting backends).
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('LOCK TABLE tickets IN ACCESS EXCLUSIVE MODE');
          const polled = poll();
          const waiting = async () =>
            Number(
              (
                await client.query(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                   WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
                )
              ).rows[0].n,
            );
          await waitFor(async () => (await waiting()) > 0);
          await new Promise((resolve) => setTimeout(resolve, 1000));
          expect(await waiting()).toBe(1);
          await client.query('COMMIT');
          together = await polled;
        } finally {
          await client.query('ROLLBACK').catch(() => {}); // after a failed check: the lock goes
          client.release();
        }
      }
      // One reading answered all six.
      expect(new Set(together.map((board) => board.generatedAt)).size).toBe(1);
      expect(together.every((board) => board.totals.admitted === 1)).toBe(true);
      // Nothing is kept: a poll after an admission sees it.
      expect((await scan(t.app, door, b!.code)).statusCode).toBe(200);
      expect((await dashboard(event.id, door)).totals.admitted).toBe(2);
      // Still checked per request: a fan is refused even while a reading is under way.
      const [refused] = await Promise.all([
        t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/door`, headers: fan.headers }),
        dashboard(event.id, door),
      ]);
      expect(refused.statusCode).toBe(403);
    });

    it('lets an EVENT_WORKER see only the doors they work, and admins every door', async () => {
      const event = await createEvent(t.app, tonight());
      const worker = await createUser(t.app, { role: 'EVENT_WORKER' });
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/admin/events/${event.id}/door`,
        headers: worker.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only door staff who scan this event can see its door.');
      await packOf(event.id, worker, { deviceId: 'web-worker' });
      expect((await dashboard(event.id, worker)).devices.map((d) => d.deviceId)).toEqual(['web-worker']);
      const admin = await createUser(t.app, { role: 'ADMIN' });
      expect((await dashboard(event.id, admin)).event.id).toBe(event.id);
      const fanTry = await t.app.inject({
        method: 'GET',
        url: `/api/admin/events/${event.id}/door`,
        headers: fan.headers,
      });
      expect(fanTry.statusCode).toBe(403);
    });
  });
});
