import type { KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMISSION_OPENS_HOURS_BEFORE } from '@fourfour/shared/constants';
import type { TicketType } from '@fourfour/shared/enums';
import {
  alreadyUsedMessage,
  SCAN_HTTP_STATUS,
  SCAN_MESSAGES,
  type ScanRefusal,
  type ScanResult,
  wrongDayMessage,
} from '@fourfour/shared/scan';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyTicketToken } from '../../lib/ticket-token.ts';
import { instantToLocal } from '../../lib/time.ts';
import { createScanLog } from './scan-log.ts';

/**
 * Door scanning. The QR value's Ed25519 signature is checked before anything touches the
 * database; a genuine code is then admitted by ONE conditional UPDATE whose WHERE holds every rule
 * (ticket still VALID, event not cancelled, admission window open), so two doors scanning the same
 * code at the same moment cannot both admit it: PostgreSQL lets one UPDATE win and re-checks
 * `status = 'VALID'` for the other, which then matches nothing. The scan log row is written by the
 * same statement. Only when nothing was admitted does a second statement read the ticket to say why,
 * so a refusal never consumes a ticket; refusals are logged in batches (scan-log.ts).
 */

export interface ScanInput {
  qrCodeValue: string;
  scannerId: number;
  device: string | null;
}

function refuse(
  status: ScanRefusal['status'],
  message: string,
  extra: Omit<ScanRefusal, 'message' | 'code' | 'status'> = {},
) {
  return new AppError(status, SCAN_HTTP_STATUS[status], message, undefined, { status, ...extra });
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Epoch milliseconds as a float8, so both drivers answer a plain number (no Date/date parsing). */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);

/** The admission window: opens 12 hours before the start, closes at the end (or 12 h after a start without an end). */
const WINDOW_OPEN = sql.raw(
  `e.starts_at IS NOT NULL
   AND now() >= e.starts_at - make_interval(hours => ${ADMISSION_OPENS_HOURS_BEFORE})
   AND now() < coalesce(e.ends_at, e.starts_at + make_interval(hours => ${ADMISSION_OPENS_HOURS_BEFORE}))`,
);

interface AdmittedRow {
  id: string;
  ticket_type: TicketType;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  title: string;
  starts_ms: number | null;
  ends_ms: number | null;
  used_ms: number;
}

interface FoundRow {
  id: string;
  event_id: number | string;
  title: string;
  starts_ms: number | null;
  ends_ms: number | null;
  used_ms: number | null;
  admitted_by: string | null;
  ticket_status: 'VALID' | 'USED' | 'VOID';
  result: 'ALREADY_USED' | 'VOID' | 'WRONG_DAY' | 'RETRY';
}

/** The single admitting statement: conditional UPDATE joined with the event, plus its log row. */
async function admitTicket(db: DbOrTx, ticketId: string, scannerId: number, device: string | null) {
  const result = await db.execute(sql`
    WITH admitted AS (
      UPDATE tickets t
      SET status = 'USED', used_at = now(), used_by = ${scannerId}, used_device = ${device}
      FROM events e
      WHERE t.id = ${ticketId} AND t.status = 'VALID' AND e.id = t.event_id AND NOT e.cancelled AND ${WINDOW_OPEN}
      RETURNING t.id, t.event_id, t.ticket_type::text AS ticket_type, t.first_name, t.last_name,
        t.date_of_birth::text AS date_of_birth, e.title,
        ${ms('e.starts_at')} AS starts_ms, ${ms('e.ends_at')} AS ends_ms, ${ms('t.used_at')} AS used_ms
    ), logged AS (
      INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device)
      SELECT id, event_id, ${scannerId}, 'OK', ${device} FROM admitted
    )
    SELECT id, ticket_type, first_name, last_name, date_of_birth, title, starts_ms, ends_ms, used_ms FROM admitted`);
  return rowsOf<AdmittedRow>(result)[0];
}

/**
 * Why a genuine ticket was not admitted, read in a new statement (so it sees a concurrent door's
 * committed admission). A plain read: the refusal is logged through the batched scan log. RETRY:
 * the window opened between the two statements; the caller tries to admit again.
 */
async function explainRefusal(db: DbOrTx, ticketId: string) {
  const result = await db.execute(sql`
    SELECT t.id, t.event_id, t.status::text AS ticket_status, e.title,
      ${ms('e.starts_at')} AS starts_ms, ${ms('e.ends_at')} AS ends_ms, ${ms('t.used_at')} AS used_ms,
      u.username AS admitted_by,
      CASE
        WHEN t.status = 'VOID' THEN 'VOID'
        WHEN t.status = 'USED' THEN 'ALREADY_USED'
        WHEN e.cancelled THEN 'VOID'
        WHEN ${WINDOW_OPEN} THEN 'RETRY'
        ELSE 'WRONG_DAY'
      END AS result
    FROM tickets t
    JOIN events e ON e.id = t.event_id
    LEFT JOIN users u ON u.id = t.used_by
    WHERE t.id = ${ticketId}`);
  return rowsOf<FoundRow>(result)[0];
}

function labels(timeZone: string) {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    // "Sun 22 Nov 2026", as the web client writes dates.
    day: (instantMs: number) => day.format(instantMs).replace(',', ''),
    time: (instantMs: number) => time.format(instantMs),
  };
}

export interface ScanService {
  scanTicket(input: ScanInput): Promise<ScanResult>;
}

/** `publicKey` is derived once at start-up from the ticket signing key. */
export function createScanService(app: FastifyInstance, publicKey: KeyObject): ScanService {
  const scanLog = createScanLog(app);
  const timeZone = app.config.timezone;
  const label = labels(timeZone);
  const localDate = (instantMs: number | null) =>
    instantMs === null ? null : instantToLocal(new Date(instantMs), timeZone);

  return {
    async scanTicket({ qrCodeValue, scannerId, device }) {
      const ticketId = verifyTicketToken(qrCodeValue, publicKey);
      if (!ticketId) {
        // Forged, altered, truncated or simply not ours: refused with no database work at all; the
        // attempt is kept in the application log instead (docs/decisions.md, "Door scanning").
        app.log.warn({ scannerId, device, length: qrCodeValue.length }, 'ticket scan refused: not a signed ticket');
        throw refuse('INVALID', SCAN_MESSAGES.invalid);
      }

      for (let attempt = 0; attempt < 2; attempt++) {
        const admitted = await admitTicket(app.db, ticketId, scannerId, device);
        if (admitted) {
          const start = localDate(admitted.starts_ms);
          const end = localDate(admitted.ends_ms);
          return {
            eventTitle: admitted.title,
            eventDate: start?.date ?? null,
            startTime: start?.dateTime ?? null,
            endTime: end?.dateTime ?? null,
            firstName: admitted.first_name,
            lastName: admitted.last_name,
            dateOfBirth: admitted.date_of_birth,
            ticketType: admitted.ticket_type,
            ticketId: admitted.id,
            status: 'OK',
            admittedAt: new Date(admitted.used_ms).toISOString(),
          };
        }

        const found = await explainRefusal(app.db, ticketId);
        if (!found) {
          // A genuine signature over a ticket that no longer exists.
          scanLog.record({ ticketId, eventId: null, scannerId, result: 'INVALID', device, at: new Date() });
          throw refuse('INVALID', SCAN_MESSAGES.invalid);
        }
        if (found.result !== 'RETRY') {
          scanLog.record({
            ticketId,
            eventId: Number(found.event_id),
            scannerId,
            result: found.result,
            device,
            at: new Date(),
          });
        }
        const eventDate = localDate(found.starts_ms)?.date ?? null;
        const common = { ticketId: found.id, eventTitle: found.title, eventDate };
        switch (found.result) {
          case 'ALREADY_USED': {
            const when = found.used_ms ?? Date.now();
            throw refuse(
              'ALREADY_USED',
              alreadyUsedMessage(`at ${label.time(when)} on ${label.day(when)}`, found.admitted_by),
              {
                ...common,
                firstAdmittedAt: new Date(when).toISOString(),
                admittedBy: found.admitted_by,
              },
            );
          }
          case 'VOID':
            throw refuse(
              'VOID',
              found.ticket_status === 'VOID' ? SCAN_MESSAGES.voidRefunded : SCAN_MESSAGES.voidEventCancelled,
              common,
            );
          case 'WRONG_DAY': {
            const dayLabel = found.starts_ms === null ? 'a date to be announced' : label.day(found.starts_ms);
            const endMs = found.ends_ms ?? (found.starts_ms ?? 0) + ADMISSION_OPENS_HOURS_BEFORE * 3600_000;
            const hasEnded = found.starts_ms !== null && Date.now() >= endMs;
            throw refuse('WRONG_DAY', wrongDayMessage(found.title, dayLabel, hasEnded), common);
          }
          case 'RETRY':
            continue;
        }
      }
      // The window kept flipping between statements (clock edge): answer as the door would retry.
      throw refuse('WRONG_DAY', SCAN_MESSAGES.fallback);
    },
  };
}
