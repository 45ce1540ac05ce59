import type { KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hasAdmissionEnded } from '@fourfour/shared/admission-window';
import {
  alreadyUsedMessage,
  parseDoorCode,
  SCAN_HTTP_STATUS,
  SCAN_MESSAGES,
  type ScanRefusal,
  type ScanResult,
  wrongDayMessage,
} from '@fourfour/shared/scan';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { verifyTicketToken } from '../../lib/ticket-token.ts';
import { instantToLocal } from '../../lib/time.ts';
import { SESSION_ENDED_MESSAGE, type SessionClaims } from '../../plugins/auth.ts';
import {
  createScanBatcher,
  runScanBatch,
  SCAN_BATCH_MAX,
  SCAN_BATCHES_IN_FLIGHT,
  type ScanAttempt,
} from './scan-batch.ts';
import { ticketOfDoorCode } from './door-code.ts';
import { scanLabels } from './scan-labels.ts';
import { createScanLog } from './scan-log.ts';

/**
 * Door scanning. The QR value's Ed25519 signature is checked before anything touches the
 * database (a typed door code, for a damaged QR, is looked up by one indexed read instead); a
 * genuine code then costs a share of ONE round trip: the scan_tickets function (migration 0008)
 * takes a batch of scans (one scan at a quiet door; the scans that queued while the
 * database was busy at a crowded one, scan-batch.ts), checks each scanner's account, session and role,
 * admits the tickets with one conditional UPDATE whose WHERE holds every rule (ticket still
 * VALID, event not cancelled, admission window open) and logs them, then reads afresh each scan's
 * answer. Two doors scanning the same code at the same moment cannot both admit it: within one
 * batch a ticket is tried once, and a ticket another transaction holds (another instance's
 * batch, a refund) is skipped, not waited for, and asked about again a moment later. A refusal
 * never consumes a ticket; refusals are logged in batches (scan-log.ts).
 */

export interface ScanInput {
  qrCodeValue: string;
  /** The scanner's signed session: scan_tickets checks the account and its role. */
  session: SessionClaims;
  device: string | null;
}

/**
 * Pauses before asking again about a ticket that another transaction held (scan_tickets answers
 * RETRY rather than wait for its lock): a racing batch commits within milliseconds; after ~0.4 s
 * in all the door gets an answer to scan again instead of waiting on.
 */
const RETRY_PAUSES_MS = [5, 20, 50, 100, 200];

function refuse(
  status: ScanRefusal['status'],
  message: string,
  extra: Omit<ScanRefusal, 'message' | 'code' | 'status'> = {},
) {
  return new AppError(status, SCAN_HTTP_STATUS[status], message, undefined, { status, ...extra });
}

export interface ScanService {
  scanTicket(input: ScanInput): Promise<ScanResult>;
}

/** `publicKey` is derived once at start-up from the ticket signing key. */
export function createScanService(app: FastifyInstance, publicKey: KeyObject): ScanService {
  const scanLog = createScanLog(app);
  const batcher = createScanBatcher({
    run: (attempts: ScanAttempt[]) => runScanBatch(app.database.raw, attempts),
    maxInFlight: SCAN_BATCHES_IN_FLIGHT,
    maxBatch: SCAN_BATCH_MAX,
  });
  const timeZone = app.config.timezone;
  const label = scanLabels(timeZone);
  // Every ticket of an event shares its start and end: remember the few instants a door sees.
  const localDates = new Map<number, ReturnType<typeof instantToLocal>>();
  const localDate = (instantMs: number | null) => {
    if (instantMs === null) return null;
    let local = localDates.get(instantMs);
    if (!local) {
      if (localDates.size >= 1_000) localDates.clear();
      local = instantToLocal(new Date(instantMs), timeZone);
      localDates.set(instantMs, local);
    }
    return local;
  };

  return {
    async scanTicket({ qrCodeValue, session, device }) {
      const scannerId = session.userId;
      let ticketId = verifyTicketToken(qrCodeValue, publicKey);
      const doorCode = ticketId ? null : parseDoorCode(qrCodeValue);
      if (doorCode) {
        // Typed from under a damaged QR: one indexed read finds the ticket; an unknown code writes
        // nothing (the error handler still checks the scanner's account first).
        ticketId = await ticketOfDoorCode(app.database.raw, doorCode);
        if (!ticketId) {
          app.log.warn({ scannerId, device }, 'ticket scan refused: unknown door code');
          throw refuse('INVALID', SCAN_MESSAGES.unknownDoorCode);
        }
      } else if (!ticketId) {
        // Forged, altered, truncated or simply not ours: refused with no database work of its own
        // (the error handler still checks the scanner's account first); the attempt is kept in the
        // application log instead (docs/decisions.md, "Door scanning").
        app.log.warn({ scannerId, device, length: qrCodeValue.length }, 'ticket scan refused: not a signed ticket');
        throw refuse('INVALID', SCAN_MESSAGES.invalid);
      }

      for (let attempt = 0; attempt <= RETRY_PAUSES_MS.length; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, RETRY_PAUSES_MS[attempt - 1]));
        const found = await batcher.scan({
          ticketId,
          scannerId,
          sessionVersion: session.sessionVersion,
          sessionId: session.sessionId,
          device,
        });
        if (found.outcome === 'SESSION_ENDED') throw unauthorized(SESSION_ENDED_MESSAGE);
        session.confirmed = true;
        if (found.outcome === 'FORBIDDEN') throw forbidden();
        if (found.outcome === 'OK') {
          const start = localDate(found.starts_ms);
          const end = localDate(found.ends_ms);
          return {
            eventTitle: found.title!,
            eventDate: start?.date ?? null,
            startTime: start?.dateTime ?? null,
            endTime: end?.dateTime ?? null,
            firstName: found.first_name,
            lastName: found.last_name,
            dateOfBirth: found.date_of_birth,
            ticketType: found.ticket_type!,
            ticketId: found.ticket_id!,
            status: 'OK',
            admittedAt: new Date(found.used_ms!).toISOString(),
          };
        }
        if (found.outcome === 'INVALID') {
          // A genuine signature over a ticket that no longer exists.
          scanLog.record({ ticketId, eventId: null, scannerId, result: 'INVALID', device, at: new Date() });
          throw refuse('INVALID', SCAN_MESSAGES.invalid);
        }
        // Another transaction holds the ticket (another instance's batch, a refund): ask again.
        if (found.outcome === 'RETRY') continue;
        scanLog.record({
          ticketId,
          eventId: Number(found.event_id),
          scannerId,
          result: found.outcome,
          device,
          at: new Date(),
        });
        const eventDate = localDate(found.starts_ms)?.date ?? null;
        const common = { ticketId: found.ticket_id!, eventTitle: found.title!, eventDate };
        switch (found.outcome) {
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
            const hasEnded = hasAdmissionEnded(found.starts_ms, found.ends_ms);
            throw refuse('WRONG_DAY', wrongDayMessage(found.title!, dayLabel, hasEnded), common);
          }
        }
      }
      // The ticket stayed locked or kept changing for ~0.4 s: the door is told to scan it again.
      throw refuse('WRONG_DAY', SCAN_MESSAGES.fallback);
    },
  };
}
