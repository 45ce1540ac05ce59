import { generateKeyPairSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_OPENS_HOURS_BEFORE } from '@fourfour/shared/constants';
import { SCANNER_ROLES } from '@fourfour/shared/enums';
import { doorCodeOf, SCAN_MESSAGES } from '@fourfour/shared/scan';
import { sessions, ticketScans, tickets, users } from '../../db/schema/index.ts';
import { signTicketToken } from '../../lib/ticket-token.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { createCheckout, draft, reserve } from '../tickets/tickets.test-kit.ts';
import { runScanBatch } from './scan-batch.ts';
import { issueTickets, scan } from './scan.test-kit.ts';

const HOUR = 3600_000;
/** An event whose doors are open: started an hour ago, ends in five. */
const tonight = () => ({ startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + 5 * HOUR) });
/** The scanner's part of a scan sent straight to runScanBatch, as the route builds it from the token. */
const attemptBy = (scanner: TestUser) => ({ scannerId: scanner.id, sessionVersion: 0, sessionId: scanner.sessionId });

describe('door scanning', () => {
  let t: TestApp;
  let door: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    door = await createUser(t.app, { role: 'EVENT_WORKER', username: `door_${Date.now().toString(36)}` });
    fan = await createUser(t.app);
  });
  afterAll(async () => t?.close());

  const ticketRow = async (id: string) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const scansOf = (id: string) => t.app.db.select().from(ticketScans).where(eq(ticketScans.ticketId, id));
  /** Refusals are logged in batches within ~100 ms: wait until the ticket's log has `n` rows. */
  const logOf = (id: string, n: number) =>
    waitFor(async () => {
      const rows = await scansOf(id);
      return rows.length >= n ? rows : undefined;
    });

  it('admits a valid ticket with the spec’s scan result and records who, when and which device', async () => {
    const event = await createEvent(t.app, { title: 'Basement Sessions', ...tonight() });
    const [ticket] = await issueTickets(t.app, fan, event.id, 1, { ticketType: 'VIP' });
    const before = Date.now();
    const res = await scan(t.app, door, ticket!.code, { deviceHeader: 'door-1 phone' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      eventTitle: 'Basement Sessions',
      firstName: 'Nia0',
      lastName: 'Adeyemi',
      dateOfBirth: '1995-08-17',
      ticketType: 'VIP',
      ticketId: ticket!.id,
      status: 'OK',
    });
    expect(body.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    expect(body.endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    expect(Object.keys(body).sort()).toEqual(
      [
        'admittedAt',
        'dateOfBirth',
        'endTime',
        'eventDate',
        'eventTitle',
        'firstName',
        'lastName',
        'startTime',
        'status',
        'ticketId',
        'ticketType',
      ].sort(),
    );

    const row = await ticketRow(ticket!.id);
    expect(row.status).toBe('USED');
    expect(row.usedBy).toBe(door.id);
    expect(row.usedDevice).toBe('door-1 phone');
    expect(row.usedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const log = await scansOf(ticket!.id);
    expect(log.map((l) => [l.result, l.scannerId, l.device, l.eventId])).toEqual([
      ['OK', door.id, 'door-1 phone', event.id],
    ]);
  });

  it('refuses a second admission of the same ticket, saying when and by whom it was first admitted', async () => {
    const event = await createEvent(t.app, tonight());
    const [ticket] = await issueTickets(t.app, fan, event.id);
    const first = await scan(t.app, door, ticket!.code);
    expect(first.statusCode).toBe(200);
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const again = await scan(t.app, admin, ticket!.code, { deviceQuery: 'side-door' });
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body).toMatchObject({
      code: 'ALREADY_USED',
      status: 'ALREADY_USED',
      ticketId: ticket!.id,
      admittedBy: door.username,
      firstAdmittedAt: first.json().admittedAt,
    });
    expect(body.message).toMatch(/^Already used: admitted at \d{2}:\d{2} on .+ by door_/);
    // The first admission stands; the refusal is logged against the second scanner.
    const row = await ticketRow(ticket!.id);
    expect(row.usedBy).toBe(door.id);
    const log = await logOf(ticket!.id, 2);
    expect(log.map((l) => [l.result, l.scannerId, l.device]).sort()).toEqual(
      [
        ['ALREADY_USED', admin.id, 'side-door'],
        ['OK', door.id, null],
      ].sort(),
    );
  });

  it('answers 410 VOID for a refunded ticket and for a ticket of a cancelled event, admitting neither', async () => {
    const event = await createEvent(t.app, tonight());
    const [refunded] = await issueTickets(t.app, fan, event.id, 1, { status: 'VOID' });
    const res = await scan(t.app, door, refunded!.code);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'VOID', status: 'VOID', message: SCAN_MESSAGES.voidRefunded });

    const cancelled = await createEvent(t.app, { ...tonight(), cancelled: true });
    const [ticket] = await issueTickets(t.app, fan, cancelled.id);
    const res2 = await scan(t.app, door, ticket!.code);
    expect(res2.statusCode).toBe(410);
    expect(res2.json()).toMatchObject({ code: 'VOID', message: SCAN_MESSAGES.voidEventCancelled });
    expect((await ticketRow(ticket!.id)).status).toBe('VALID');
    expect((await logOf(ticket!.id, 1)).map((l) => l.result)).toEqual(['VOID']);
  });

  it('answers 409 WRONG_DAY with the event’s date before admission opens and after the end, and the ticket stays unused', async () => {
    const later = await createEvent(t.app, { title: 'Next Week', startsAt: new Date(Date.now() + 7 * 24 * HOUR) });
    const [early] = await issueTickets(t.app, fan, later.id);
    const res = await scan(t.app, door, early!.code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WRONG_DAY', status: 'WRONG_DAY', eventTitle: 'Next Week' });
    expect(res.json().eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.json().message).toMatch(/^Wrong day: this ticket is for Next Week on .+\. Entry opens 12 hours/);
    expect((await ticketRow(early!.id)).status).toBe('VALID');

    const past = await createEvent(t.app, {
      title: 'Last Night',
      startsAt: new Date(Date.now() - 30 * HOUR),
      endsAt: new Date(Date.now() - 22 * HOUR),
    });
    const [late] = await issueTickets(t.app, fan, past.id);
    const res2 = await scan(t.app, door, late!.code);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toMatch(/^Wrong day: this ticket was for Last Night on .+, which has ended\.$/);
    expect((await ticketRow(late!.id)).status).toBe('VALID');
    expect((await logOf(late!.id, 1)).map((l) => l.result)).toEqual(['WRONG_DAY']);
  });

  it('opens admission 12 hours before the start', async () => {
    const soon = await createEvent(t.app, { startsAt: new Date(Date.now() + 11.9 * HOUR) });
    const notYet = await createEvent(t.app, { startsAt: new Date(Date.now() + 12.1 * HOUR) });
    const [a] = await issueTickets(t.app, fan, soon.id);
    const [b] = await issueTickets(t.app, fan, notYet.id);
    expect((await scan(t.app, door, a!.code)).statusCode).toBe(200);
    expect((await scan(t.app, door, b!.code)).json().code).toBe('WRONG_DAY');
  });

  describe('refuses codes that are not genuine tickets with 404 INVALID and no database write', () => {
    let genuine: { id: string; code: string };
    let checker: TestUser;
    const rowsBy = async (scannerId: number) =>
      (await t.app.db.select().from(ticketScans).where(eq(ticketScans.scannerId, scannerId))).length;
    beforeAll(async () => {
      checker = await createUser(t.app, { role: 'EVENT_WORKER' });
      const event = await createEvent(t.app, tonight());
      [genuine] = (await issueTickets(t.app, fan, event.id)) as [{ id: string; code: string }];
    });

    const otherKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const cases: [string, (code: string, id: string) => string][] = [
      ['a code signed with another key', (_c, id) => signTicketToken(id, otherKey)],
      ['a code with an altered ticket id', (c) => flip(c, 6)],
      ['a code with an altered signature', (c) => flip(c, c.length - 5)],
      ['a truncated code', (c) => c.slice(0, -1)],
      ['a code cut in half', (c) => c.slice(0, c.length / 2)],
      ['a bare ticket id', (_c, id) => id],
      ['some other QR code', () => 'https://example.com/menu'],
    ];
    it.each(cases)('refuses %s', async (_name, forge) => {
      const res = await scan(t.app, checker, forge(genuine.code, genuine.id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'INVALID', status: 'INVALID', message: SCAN_MESSAGES.invalid });
      // Not even a batched log row follows.
      await new Promise((r) => setTimeout(r, 250));
      expect(await rowsBy(checker.id)).toBe(0);
      expect((await ticketRow(genuine.id)).status).toBe('VALID');
    });

    it('refuses an empty code as bad input', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/ticket-scan?qrCodeValue=', headers: door.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SCAN_MESSAGES.missingCode);
    });

    it('still admits the genuine code afterwards', async () => {
      expect((await scan(t.app, door, genuine.code)).statusCode).toBe(200);
    });
  });

  // The door code printed under each QR (account, email), typed when the QR is damaged.
  describe('door codes typed for a damaged QR', () => {
    it('admits the ticket a door code names, however it is typed, and only once', async () => {
      const event = await createEvent(t.app, { title: 'Warehouse Project', ...tonight() });
      const [ticket] = await issueTickets(t.app, fan, event.id, 1, { ticketType: 'VIP' });
      const typed = ` ${doorCodeOf(ticket!.id).toLowerCase().replace(/-/g, ' ')} `;
      const res = await scan(t.app, door, typed, { deviceHeader: 'door-2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ticketId: ticket!.id,
        ticketType: 'VIP',
        eventTitle: 'Warehouse Project',
        status: 'OK',
      });
      expect(await ticketRow(ticket!.id)).toMatchObject({ status: 'USED', usedBy: door.id, usedDevice: 'door-2' });

      // The code again, or the QR itself: already used, by whom.
      for (const code of [doorCodeOf(ticket!.id), ticket!.code]) {
        const again = await scan(t.app, door, code);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ status: 'ALREADY_USED', ticketId: ticket!.id, admittedBy: door.username });
      }
      expect((await logOf(ticket!.id, 3)).map((l) => l.result).sort()).toEqual(['ALREADY_USED', 'ALREADY_USED', 'OK']);
    });

    it('gives a door code the same answers as its QR: void and wrong day', async () => {
      const event = await createEvent(t.app, tonight());
      const later = await createEvent(t.app, { startsAt: new Date(Date.now() + 7 * 24 * HOUR) });
      const [refunded] = await issueTickets(t.app, fan, event.id, 1, { status: 'VOID' });
      const [early] = await issueTickets(t.app, fan, later.id);
      expect((await scan(t.app, door, doorCodeOf(refunded!.id))).json()).toMatchObject({ status: 'VOID' });
      const wrongDay = await scan(t.app, door, doorCodeOf(early!.id));
      expect(wrongDay.statusCode).toBe(409);
      expect(wrongDay.json()).toMatchObject({ status: 'WRONG_DAY', ticketId: early!.id });
      expect((await ticketRow(early!.id)).status).toBe('VALID');
    });

    it('refuses a door code no ticket has with 404 and writes nothing', async () => {
      const checker = await createUser(t.app, { role: 'EVENT_WORKER' });
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id);
      // One digit off the real code.
      const real = doorCodeOf(ticket!.id);
      const wrong = real.slice(0, -1) + (real.endsWith('0') ? '1' : '0');
      const res = await scan(t.app, checker, wrong);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'INVALID', status: 'INVALID', message: SCAN_MESSAGES.unknownDoorCode });
      await new Promise((r) => setTimeout(r, 250));
      const logged = await t.app.db.select().from(ticketScans).where(eq(ticketScans.scannerId, checker.id));
      expect(logged).toEqual([]);
      expect((await ticketRow(ticket!.id)).status).toBe('VALID');
    });

    it('answers 403 to a fan typing a door code, and the ticket stays unused', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id);
      expect((await scan(t.app, fan, doorCodeOf(ticket!.id))).statusCode).toBe(403);
      expect((await scan(t.app, null, doorCodeOf(ticket!.id))).statusCode).toBe(401);
      expect((await ticketRow(ticket!.id)).status).toBe('VALID');
    });
  });

  describe('roles', () => {
    it('lets ADMIN, MASTER and EVENT_WORKER scan', async () => {
      const event = await createEvent(t.app, tonight());
      const codes = await issueTickets(t.app, fan, event.id, 3);
      for (const [i, role] of (['ADMIN', 'MASTER', 'EVENT_WORKER'] as const).entries()) {
        const user = await createUser(t.app, { role });
        expect((await scan(t.app, user, codes[i]!.code)).statusCode).toBe(200);
      }
    });

    it('answers 403 to USER and AFFILIATE and 401 to a visitor, without touching the ticket', async () => {
      const event = await createEvent(t.app, tonight());
      const [ticket] = await issueTickets(t.app, fan, event.id);
      for (const role of ['USER', 'AFFILIATE'] as const) {
        const user = await createUser(t.app, { role });
        expect((await scan(t.app, user, ticket!.code)).statusCode).toBe(403);
      }
      expect((await scan(t.app, fan, ticket!.code)).statusCode).toBe(403);
      expect((await scan(t.app, null, ticket!.code)).statusCode).toBe(401);
      expect((await ticketRow(ticket!.id)).status).toBe('VALID');
      expect(await scansOf(ticket!.id)).toEqual([]);
    });
  });

  // The scan checks the scanner's account inside its one statement; whatever the code, a scanner
  // signed out, disabled or demoted since the token was issued is refused first.
  describe('a scanner whose account changed after signing in', () => {
    it.each([
      ['signed out everywhere', { sessionVersion: 3 }, 401],
      ['disabled', { disabled: true }, 401],
      ['deleted', { deleted: true }, 401],
      ['demoted to USER', { role: 'USER' }, 403],
    ] as const)(
      'is refused when %s, genuine code or not, and the ticket stays unused',
      async (_name, change, status) => {
        const scanner = await createUser(t.app, { role: 'EVENT_WORKER' });
        const event = await createEvent(t.app, tonight());
        const [ticket] = await issueTickets(t.app, fan, event.id);
        await t.app.db.update(users).set(change).where(eq(users.id, scanner.id));
        const unknownDoorCode = '0000-0000-0001';
        for (const code of [
          ticket!.code,
          `${ticket!.code.slice(0, -2)}AA`,
          'not-a-ticket',
          doorCodeOf(ticket!.id),
          unknownDoorCode,
        ]) {
          const res = await scan(t.app, scanner, code);
          expect(res.statusCode, code).toBe(status);
          expect(res.json().code).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        }
        expect((await ticketRow(ticket!.id)).status).toBe('VALID');
        expect(await scansOf(ticket!.id)).toEqual([]);
      },
    );
  });

  it('admits exactly once when 50 doors scan the same ticket at the same moment', async () => {
    const event = await createEvent(t.app, tonight());
    const [ticket] = await issueTickets(t.app, fan, event.id);
    const scanners = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app, { role: 'EVENT_WORKER' })));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => scan(t.app, scanners[i % 5]!, ticket!.code, { deviceHeader: `d${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'ALREADY_USED')).toBe(true);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const row = await ticketRow(ticket!.id);
    expect(row.usedAt!.toISOString()).toBe(winner.json().admittedAt);
    await logOf(ticket!.id, 50);
    const log = await t.app.db
      .select({ result: ticketScans.result, n: sql<number>`count(*)::int` })
      .from(ticketScans)
      .where(eq(ticketScans.ticketId, ticket!.id))
      .groupBy(ticketScans.result);
    expect(Object.fromEntries(log.map((l) => [l.result, l.n]))).toEqual({ OK: 1, ALREADY_USED: 49 });
  });

  // At a crowded door the scans that queue while the database is busy go together, in one call of
  // scan_tickets (scan-batch.ts). Each must get exactly the answer it would have had alone.
  describe('scans that reach the database together', () => {
    it('answers every scan of a batch on its own: duplicates, refusals and other scanners’ accounts', async () => {
      const event = await createEvent(t.app, tonight());
      const later = await createEvent(t.app, { startsAt: new Date(Date.now() + 7 * 24 * HOUR) });
      const [a, d] = await issueTickets(t.app, fan, event.id, 2);
      const [refunded] = await issueTickets(t.app, fan, event.id, 1, { status: 'VOID' });
      const [early] = await issueTickets(t.app, fan, later.id);
      const admin = await createUser(t.app, { role: 'ADMIN' });
      const demoted = await createUser(t.app, { role: 'EVENT_WORKER' });
      const signedOut = await createUser(t.app, { role: 'EVENT_WORKER' });
      await t.app.db.update(users).set({ role: 'USER' }).where(eq(users.id, demoted.id));
      await t.app.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, signedOut.id));
      // Signed out on this device only (logout, or "sign out" from another device).
      const loggedOut = await createUser(t.app, { role: 'EVENT_WORKER' });
      await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, loggedOut.sessionId));
      const batch = (
        [
          [a!.id, demoted],
          [a!.id, door],
          [a!.id, admin],
          [refunded!.id, door],
          [early!.id, door],
          ['00000000-0000-4000-8000-000000000000', door],
          [d!.id, signedOut],
          [d!.id, admin],
          [d!.id, loggedOut],
        ] as const
      ).map(([ticket, scanner], i) => ({
        i,
        ticket,
        scanner: scanner.id,
        sv: 0,
        sid: scanner.sessionId,
        device: `d${i}`,
      }));
      const { rows } = await t.app.database.raw.query<Record<string, unknown>>(
        `SELECT * FROM scan_tickets($1::jsonb, '{${SCANNER_ROLES.join(',')}}'::text[], ${ADMISSION_OPENS_HOURS_BEFORE}) ORDER BY i`,
        [JSON.stringify(batch)],
      );
      expect(rows.map((r) => r.outcome)).toEqual([
        'FORBIDDEN',
        'OK',
        'ALREADY_USED',
        'VOID',
        'WRONG_DAY',
        'INVALID',
        'SESSION_ENDED',
        'OK',
        'SESSION_ENDED',
      ]);
      // The ticket's first entitled scan admitted it; the later one is told by whom.
      expect(rows[2]).toMatchObject({ ticket_id: a!.id, admitted_by: door.username });
      // A scanner who may not scan learns nothing of the ticket.
      for (const k of [0, 6, 8]) expect(rows[k]).toMatchObject({ ticket_id: null, first_name: null, title: null });
      expect(await ticketRow(a!.id)).toMatchObject({ status: 'USED', usedBy: door.id, usedDevice: 'd1' });
      expect(await ticketRow(d!.id)).toMatchObject({ status: 'USED', usedBy: admin.id, usedDevice: 'd7' });
      expect((await ticketRow(refunded!.id)).status).toBe('VOID');
      expect((await ticketRow(early!.id)).status).toBe('VALID');
      expect((await scansOf(a!.id)).map((l) => [l.result, l.scannerId])).toEqual([['OK', door.id]]);
      expect((await scansOf(d!.id)).map((l) => [l.result, l.scannerId])).toEqual([['OK', admin.id]]);
    });

    // Only PostgreSQL has two sessions to cross: PGlite runs one statement at a time.
    // Only PostgreSQL has two sessions to cross: PGlite runs one statement at a time.
    it.runIf(process.env.DATABASE_URL)(
      'never waits for a ticket another transaction holds: the rest of the batch is admitted, that one retried',
      async () => {
        const event = await createEvent(t.app, tonight());
        const [free, held, later] = await issueTickets(t.app, fan, event.id, 3);
        // Another session (a refund desk, say) holds one ticket in an open transaction.
        const other = await t.app.database.pool!.connect();
        try {
          await other.query('BEGIN');
          await other.query("UPDATE tickets SET used_device = 'desk' WHERE id = $1", [held!.id]);
          const started = Date.now();
          const rows = await runScanBatch(
            t.app.database.raw,
            [free!, held!].map((ticket) => ({
              ticketId: ticket.id,
              scannerId: door.id,
              sessionVersion: 0,
              sessionId: door.sessionId,
              device: 'door-9',
            })),
          );
          expect(rows.map((r) => r.outcome)).toEqual(['OK', 'RETRY']);
          // Answered at once: nothing waited for the open transaction's lock.
          expect(Date.now() - started).toBeLessThan(1000);
          expect((await ticketRow(held!.id)).status).toBe('VALID');

          // Over HTTP, a scan of the held ticket is asked about again for a moment, then told to
          // scan again; meanwhile another ticket at the same door goes straight in.
          const [heldScan, laterScan] = await Promise.all([
            scan(t.app, door, held!.code),
            scan(t.app, door, later!.code),
          ]);
          expect(laterScan.statusCode).toBe(200);
          expect(heldScan.statusCode).toBe(409);
          expect(heldScan.json().message).toBe(SCAN_MESSAGES.fallback);
          expect((await ticketRow(held!.id)).status).toBe('VALID');

          // The transaction ends while a scan is being retried: that scan admits the ticket.
          const retried = scan(t.app, door, held!.code);
          await new Promise((r) => setTimeout(r, 60));
          await other.query('COMMIT');
          expect((await retried).statusCode).toBe(200);
        } finally {
          other.release();
        }
        expect(await ticketRow(held!.id)).toMatchObject({ status: 'USED', usedBy: door.id });
        expect((await scansOf(free!.id)).map((l) => l.result)).toEqual(['OK']);
      },
    );

    // One instance sends one batch at a time; several instances behind a load balancer race in
    // PostgreSQL itself. Twenty sessions at once, each a batch holding the same ticket.
    it.runIf(process.env.DATABASE_URL)(
      'admits a ticket once when batches from several instances race for it',
      async () => {
        const event = await createEvent(t.app, tonight());
        const [ticket] = await issueTickets(t.app, fan, event.id);
        const [other] = await issueTickets(t.app, fan, event.id);
        const scanners = await Promise.all(
          Array.from({ length: 4 }, () => createUser(t.app, { role: 'EVENT_WORKER' })),
        );
        const batches = await Promise.all(
          Array.from({ length: 20 }, (_, k) =>
            runScanBatch(t.app.database.raw, [
              { ...attemptBy(scanners[k % 4]!), ticketId: ticket!.id, device: `i${k}` },
              { ...attemptBy(scanners[k % 4]!), ticketId: other!.id, device: `i${k}` },
            ]),
          ),
        );
        for (const k of [0, 1]) {
          const outcomes = batches.map((rows) => rows[k]!.outcome);
          expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
          // The others found it admitted, or still held by the admitting batch (RETRY: the
          // service asks again a moment later, below).
          expect(outcomes.filter((o) => o === 'ALREADY_USED' || o === 'RETRY')).toHaveLength(19);
        }
        const again = await runScanBatch(t.app.database.raw, [
          { ...attemptBy(scanners[0]!), ticketId: ticket!.id, device: 'again' },
          { ...attemptBy(scanners[0]!), ticketId: other!.id, device: 'again' },
        ]);
        expect(again.map((r) => r.outcome)).toEqual(['ALREADY_USED', 'ALREADY_USED']);
        for (const id of [ticket!.id, other!.id]) {
          expect((await scansOf(id)).map((l) => l.result)).toEqual(['OK']);
        }
      },
    );

    it('gives each of a crowd of simultaneous scans its own answer over HTTP', async () => {
      const event = await createEvent(t.app, tonight());
      const later = await createEvent(t.app, { startsAt: new Date(Date.now() + 7 * 24 * HOUR) });
      const valid = await issueTickets(t.app, fan, event.id, 20);
      const refunded = await issueTickets(t.app, fan, event.id, 5, { status: 'VOID' });
      const early = await issueTickets(t.app, fan, later.id, 5);
      const demoted = await createUser(t.app, { role: 'EVENT_WORKER' });
      await t.app.db.update(users).set({ role: 'USER' }).where(eq(users.id, demoted.id));
      const extra = await issueTickets(t.app, fan, event.id, 1);
      // Every valid ticket twice (two doors), the rest once, all at the same moment.
      const crowd: [TestUser, { id: string; code: string }, number][] = [
        ...valid.flatMap((v) => [[door, v, 200] as const, [door, v, 409] as const]),
        ...refunded.map((v) => [door, v, 410] as const),
        ...early.map((v) => [door, v, 409] as const),
        [demoted, extra[0]!, 403],
      ] as [TestUser, { id: string; code: string }, number][];
      const answers = await Promise.all(crowd.map(([who, ticket]) => scan(t.app, who, ticket.code)));
      const byTicket = new Map<string, number[]>();
      answers.forEach((res, k) => {
        const id = crowd[k]![1].id;
        byTicket.set(id, [...(byTicket.get(id) ?? []), res.statusCode]);
      });
      for (const v of valid) expect(byTicket.get(v.id)!.sort()).toEqual([200, 409]);
      for (const v of refunded) expect(byTicket.get(v.id)).toEqual([410]);
      for (const v of early) expect(byTicket.get(v.id)).toEqual([409]);
      expect(byTicket.get(extra[0]!.id)).toEqual([403]);
      for (const [k, res] of answers.entries()) {
        const ticket = crowd[k]![1];
        if (res.statusCode === 200) expect(res.json().ticketId).toBe(ticket.id);
        else if (res.statusCode !== 403) expect(res.json().ticketId).toBe(ticket.id);
      }
      const used = await t.app.db.select().from(tickets).where(eq(tickets.eventId, event.id));
      expect(
        used
          .filter((r) => r.status === 'USED')
          .map((r) => r.id)
          .sort(),
      ).toEqual(valid.map((v) => v.id).sort());
      expect((await ticketRow(extra[0]!.id)).status).toBe('VALID');
    });
  });

  it('admits a ticket bought through checkout, read from the QR the buyer sees', async () => {
    const event = await createEvent(t.app, { title: 'Doors Open', startsAt: new Date(Date.now() + 3 * HOUR) });
    const buyer = await createUser(t.app);
    const reserved = await reserve(t.app, buyer, event.id, [draft('STANDARD', { firstName: 'Kemi' })]);
    expect(reserved.statusCode).toBe(200);
    const checkout = await createCheckout(t.app, buyer, reserved.json().reservationToken);
    const sessionId = (checkout.json().url as string).split('/').pop()!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${sessionId}/complete`,
      headers: buyer.headers,
    });
    expect(paid.statusCode).toBe(200);
    const mine = await t.app.inject({ url: '/api/account/my-tickets?includeQr=true', headers: buyer.headers });
    const owned = mine.json()[0];
    const png = PNG.sync.read(Buffer.from(owned.qrBase64, 'base64'));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!;

    const res = await scan(t.app, door, qr.data);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventTitle: 'Doors Open', firstName: 'Kemi', ticketId: owned.ticketId });
    const after = await t.app.inject({ url: `/api/account/my-tickets/${owned.ticketId}`, headers: buyer.headers });
    expect(after.json().status).toBe('USED');
  });
});
