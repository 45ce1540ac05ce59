import { ADMISSION_OPENS_HOURS_BEFORE } from '@fourfour/shared/constants';
import { hasAdmissionEnded } from '@fourfour/shared/admission-window';
import type { DoorSyncBody, DoorSyncResult, DoorSyncScanResult } from '@fourfour/shared/door';
import { DOOR_MESSAGES } from '@fourfour/shared/door';
import { alreadyUsedMessage, parseDoorCode, SCAN_MESSAGES, wrongDayMessage } from '@fourfour/shared/scan';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { readTicketToken } from '../../lib/ticket-token.ts';
import { ticketOfDoorCode } from './door-code.ts';
import { recordDoorDevice } from './door-devices.ts';
import { type ScanLabels, scanLabels } from './scan-labels.ts';

/**
 * The offline queue coming home (POST /api/ticket-scan/sync): each scan a phone admitted with no
 * signal, with its nonce, its code and when it was scanned. In one transaction per request, each
 * scan first claims its nonce in offline_scans (a nonce already there answers what it answered
 * then and changes nothing, so a batch sent twice, or again after the phone died mid-sync, is
 * harmless); then the ticket is admitted as the door scan would admit it, judged at the scan time:
 * still VALID, event not cancelled, entry window open when it was scanned. The admission's time is
 * the scan time, written on the ticket and in the scan log. A ticket admitted elsewhere first is a
 * conflict: ALREADY_USED, with where (device and its name), when and by whom.
 *
 * Scans are handled in ticket-id order, so two phones syncing the same tickets lock them in one
 * order and cannot deadlock; a wait longer than 2 s fails the request (the phone sends it again).
 */

interface SyncInput {
  userId: number;
  body: DoorSyncBody;
}

interface Prepared {
  index: number;
  nonce: string;
  ticketId: string | null;
  /** The admission time: the scan time, never later than now. */
  at: Date;
}

interface TicketState {
  event_id: number | string;
  status: 'VALID' | 'USED' | 'VOID';
  cancelled: boolean;
  title: string;
  starts_ms: number | null;
  ends_ms: number | null;
  used_ms: number | null;
  used_device: string | null;
  device_name: string | null;
  admitted_by: string | null;
  used_by: number | string | null;
}

interface StoredScan {
  ticket_id: string | null;
  result: DoorSyncResult;
  scanned_ms: number;
  first_ms: number | null;
  first_device: string | null;
  first_device_name: string | null;
  first_by: string | null;
  title: string | null;
  starts_ms: number | null;
  ends_ms: number | null;
  cancelled: boolean | null;
  status: TicketState['status'] | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/**
 * An online admission by the same phone and account this close to an offline one of the same
 * ticket is the same admission: the online answer was lost (the phone waits 4 s, then decides
 * offline), not a second person at the door.
 */
const SAME_ADMISSION_MS = 2 * 60_000;

function answer(
  labels: ScanLabels,
  nonce: string,
  ticketId: string | null,
  result: DoorSyncResult,
  at: number,
  state: Partial<Pick<StoredScan, 'first_ms' | 'first_device' | 'first_device_name' | 'first_by'>> & {
    title?: string | null;
    starts_ms?: number | null;
    ends_ms?: number | null;
    voidReason?: 'refunded' | 'cancelled';
  } = {},
): DoorSyncScanResult {
  const common = { nonce, ticketId, admittedAt: null, firstAdmission: null };
  switch (result) {
    case 'ADMITTED':
      return {
        ...common,
        result,
        admittedAt: new Date(at).toISOString(),
        message: `Admitted offline at ${labels.time(at)} on ${labels.day(at)}.`,
      };
    case 'ALREADY_USED': {
      const when = state.first_ms ?? at;
      const where = state.first_device_name ?? state.first_device;
      return {
        ...common,
        result,
        message: alreadyUsedMessage(
          `at ${labels.time(when)} on ${labels.day(when)}${where ? ` on ${where}` : ''}`,
          state.first_by ?? null,
        ),
        firstAdmission: {
          admittedAt: state.first_ms == null ? null : new Date(state.first_ms).toISOString(),
          deviceId: state.first_device ?? null,
          deviceName: state.first_device_name ?? null,
          admittedBy: state.first_by ?? null,
        },
      };
    }
    case 'VOID':
      return {
        ...common,
        result,
        message: state.voidReason === 'cancelled' ? SCAN_MESSAGES.voidEventCancelled : SCAN_MESSAGES.voidRefunded,
      };
    case 'WRONG_DAY': {
      const starts = state.starts_ms ?? null;
      const day = starts === null ? 'a date to be announced' : labels.day(starts);
      return {
        ...common,
        result,
        message: wrongDayMessage(
          state.title ?? 'another event',
          day,
          hasAdmissionEnded(starts, state.ends_ms ?? null, at),
        ),
      };
    }
    case 'INVALID':
      return { ...common, result, message: SCAN_MESSAGES.invalid };
  }
}

/** The ticket a synced code names: a signed QR value of either version, or a typed door code. */
async function ticketOf(app: FastifyInstance, code: string): Promise<string | null> {
  const read = readTicketToken(code, app.config.ticketSigningKeyPem);
  if (read) return read.ticketId;
  const digits = parseDoorCode(code);
  return digits ? ticketOfDoorCode(app.database.raw, digits) : null;
}

/** What a nonce already recorded answered (the same answer again). */
async function storedAnswer(tx: Tx, labels: ScanLabels, p: Prepared): Promise<DoorSyncScanResult> {
  const [s] = rowsOf<StoredScan>(
    await tx.execute(sql`
      SELECT o.ticket_id, o.result,
        floor(extract(epoch FROM o.scanned_at) * 1000)::float8 AS scanned_ms,
        floor(extract(epoch FROM o.first_admitted_at) * 1000)::float8 AS first_ms,
        o.first_device, d.name AS first_device_name, u.username AS first_by,
        e.title, e.cancelled, t.status,
        floor(extract(epoch FROM e.starts_at) * 1000)::float8 AS starts_ms,
        floor(extract(epoch FROM e.ends_at) * 1000)::float8 AS ends_ms
      FROM offline_scans o
      LEFT JOIN scan_devices d ON d.id = o.first_device
      LEFT JOIN users u ON u.id = o.first_scanner_id
      LEFT JOIN tickets t ON t.id = o.ticket_id
      LEFT JOIN events e ON e.id = o.event_id
      WHERE o.nonce = ${p.nonce}::uuid`),
  );
  if (!s || s.ticket_id !== p.ticketId) {
    return { ...answer(labels, p.nonce, null, 'INVALID', p.at.getTime()), message: DOOR_MESSAGES.nonceReused };
  }
  return answer(labels, p.nonce, s.ticket_id, s.result, s.scanned_ms, {
    ...s,
    voidReason: s.status === 'VOID' ? 'refunded' : 'cancelled',
  });
}

/** One scan whose nonce this request claimed: admit it at its scan time, or say why not. */
async function admitOne(
  tx: Tx,
  labels: ScanLabels,
  p: Prepared,
  userId: number,
  deviceId: string,
): Promise<{ result: DoorSyncScanResult; eventId: number | null }> {
  const at = p.at.toISOString();
  if (p.ticketId === null) {
    await tx.execute(sql`UPDATE offline_scans SET result = 'INVALID' WHERE nonce = ${p.nonce}::uuid`);
    return { result: answer(labels, p.nonce, null, 'INVALID', p.at.getTime()), eventId: null };
  }
  const [admitted] = rowsOf<{ event_id: number | string }>(
    await tx.execute(sql`
      UPDATE tickets t SET status = 'USED', used_at = ${at}::timestamptz, used_by = ${userId}, used_device = ${deviceId}
      FROM events e
      WHERE t.id = ${p.ticketId}::uuid AND t.status = 'VALID' AND e.id = t.event_id AND NOT e.cancelled
        AND admission_open(e.starts_at, e.ends_at, ${ADMISSION_OPENS_HOURS_BEFORE}, ${at}::timestamptz)
      RETURNING t.event_id`),
  );
  if (admitted) {
    const eventId = Number(admitted.event_id);
    await tx.execute(sql`
      WITH logged AS (
        INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device, created_at)
        VALUES (${p.ticketId}::uuid, ${eventId}, ${userId}, 'OK', ${deviceId}, ${at}::timestamptz)
      )
      UPDATE offline_scans SET result = 'ADMITTED', event_id = ${eventId} WHERE nonce = ${p.nonce}::uuid`);
    return { result: answer(labels, p.nonce, p.ticketId, 'ADMITTED', p.at.getTime()), eventId };
  }

  const [t] = rowsOf<TicketState>(
    await tx.execute(sql`
      SELECT t.event_id, t.status, e.cancelled, e.title, t.used_device, d.name AS device_name,
        u.username AS admitted_by, t.used_by,
        floor(extract(epoch FROM e.starts_at) * 1000)::float8 AS starts_ms,
        floor(extract(epoch FROM e.ends_at) * 1000)::float8 AS ends_ms,
        floor(extract(epoch FROM t.used_at) * 1000)::float8 AS used_ms
      FROM tickets t JOIN events e ON e.id = t.event_id
      LEFT JOIN scan_devices d ON d.id = t.used_device
      LEFT JOIN users u ON u.id = t.used_by
      WHERE t.id = ${p.ticketId}::uuid`),
  );
  // This phone's own admission, made online a moment before (its answer lost to a bad signal, the
  // phone then admitted offline too): the same admission, not a conflict.
  if (
    t?.status === 'USED' &&
    t.used_device === deviceId &&
    Number(t.used_by) === userId &&
    t.used_ms !== null &&
    Math.abs(t.used_ms - p.at.getTime()) <= SAME_ADMISSION_MS
  ) {
    await tx.execute(sql`
      UPDATE offline_scans SET result = 'ADMITTED', event_id = ${Number(t.event_id)} WHERE nonce = ${p.nonce}::uuid`);
    return {
      result: answer(labels, p.nonce, p.ticketId, 'ADMITTED', t.used_ms),
      eventId: Number(t.event_id),
    };
  }
  // A genuine code for a ticket that no longer exists.
  const result: DoorSyncResult = !t
    ? 'INVALID'
    : t.status === 'VOID' || t.cancelled
      ? 'VOID'
      : t.status === 'USED'
        ? 'ALREADY_USED'
        : 'WRONG_DAY';
  const conflict = result === 'ALREADY_USED' && t;
  await tx.execute(sql`
    UPDATE offline_scans SET result = ${result}, event_id = ${t ? Number(t.event_id) : null},
      first_admitted_at = ${conflict && t.used_ms !== null ? new Date(t.used_ms).toISOString() : null}::timestamptz,
      first_device = ${conflict ? t.used_device : null},
      first_scanner_id = ${conflict && t.used_by !== null ? Number(t.used_by) : null}
    WHERE nonce = ${p.nonce}::uuid`);
  return {
    result: answer(labels, p.nonce, p.ticketId, result, p.at.getTime(), {
      first_ms: t?.used_ms ?? null,
      first_device: t?.used_device ?? null,
      first_device_name: t?.device_name ?? null,
      first_by: t?.admitted_by ?? null,
      title: t?.title,
      starts_ms: t?.starts_ms ?? null,
      ends_ms: t?.ends_ms ?? null,
      voidReason: t?.status === 'VOID' ? 'refunded' : 'cancelled',
    }),
    eventId: t ? Number(t.event_id) : null,
  };
}

export async function syncOfflineScans(
  app: FastifyInstance,
  { userId, body }: SyncInput,
): Promise<DoorSyncScanResult[]> {
  const labels = scanLabels(app.config.timezone);
  const now = Date.now();
  const prepared: Prepared[] = [];
  for (const [index, scan] of body.scans.entries()) {
    const scanned = Date.parse(scan.scannedAt);
    prepared.push({
      index,
      nonce: scan.nonce.toLowerCase(),
      ticketId: await ticketOf(app, scan.qrCodeValue),
      // A phone's clock ahead of ours: the scan cannot have happened after it reached us.
      at: new Date(Math.min(scanned, now)),
    });
  }
  const order = [...prepared].sort((a, b) =>
    (a.ticketId ?? '') === (b.ticketId ?? '')
      ? a.nonce.localeCompare(b.nonce)
      : (a.ticketId ?? '').localeCompare(b.ticketId ?? ''),
  );

  const results: DoorSyncScanResult[] = new Array(prepared.length);
  const eventIds: number[] = [];
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
    for (const p of order) {
      const claimed = rowsOf<{ nonce: string }>(
        await tx.execute(sql`
          INSERT INTO offline_scans (nonce, device_id, scanner_id, ticket_id, scanned_at, result)
          VALUES (${p.nonce}::uuid, ${body.deviceId}, ${userId}, ${p.ticketId}::uuid, ${p.at.toISOString()}::timestamptz, 'PENDING')
          ON CONFLICT (nonce) DO NOTHING
          RETURNING nonce`),
      );
      if (claimed.length === 0) {
        results[p.index] = await storedAnswer(tx, labels, p);
        continue;
      }
      const { result, eventId } = await admitOne(tx, labels, p, userId, body.deviceId);
      results[p.index] = result;
      if (eventId !== null) eventIds.push(eventId);
    }
  });
  if (eventIds.length > 0) await recordDoorDevice(app, eventIds, body.deviceId, userId);
  return results;
}
