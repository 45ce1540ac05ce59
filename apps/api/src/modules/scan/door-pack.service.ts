import { ADMISSION_WINDOW_MS, admissionClosesAt } from '@fourfour/shared/admission-window';
import { ADMISSION_OPENS_HOURS_BEFORE } from '@fourfour/shared/constants';
import { type DoorPack, type DoorPackEvent, DOOR_MESSAGES, doorNameOf } from '@fourfour/shared/door';
import type { TicketStatus, TicketType } from '@fourfour/shared/enums';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { ticketPublicKeyRaw } from '../../lib/ticket-token.ts';
import { SharedReadings } from '../../lib/shared-reading.ts';
import { instantToLocal } from '../../lib/time.ts';
import { deviceNameOf, recordDoorDevice } from './door-devices.ts';

/**
 * The door pack (issue 22): what a phone needs to admit an event's tickets with no signal — the
 * public key that signs ticket codes, the event's entry window and, per ticket, its id, type,
 * first name and initial, status and admission. The phone keeps it in IndexedDB and asks every
 * minute for the changes since its version.
 *
 * Versions are transaction ids: every write of a ticket stamps `change_xid` with its transaction
 * (migration 0009), and a pack's version is the oldest transaction still running when it was read
 * (pg_snapshot_xmin of the statement's own snapshot). A change the read could not see was made by
 * that transaction or a later one, so `change_xid >= version` next time includes it; a few rows are
 * sent twice, none is missed.
 */

interface EventRow {
  id: number | string;
  title: string;
  starts_ms: number | null;
  ends_ms: number | null;
  cancelled: boolean;
}

interface PackRow {
  version: string;
  id: string | null;
  ticket_type: TicketType | null;
  first_name: string | null;
  last_name: string | null;
  status: TicketStatus | null;
  used_ms: number | null;
  admitted_by: string | null;
}

const EVENT_COLUMNS = `id, title, cancelled,
  floor(extract(epoch FROM starts_at) * 1000)::float8 AS starts_ms,
  floor(extract(epoch FROM ends_at) * 1000)::float8 AS ends_ms`;
const EVENT_SQL = `SELECT ${EVENT_COLUMNS} FROM events WHERE id = $1`;
/** How far ahead the door's event picker looks: entry opening within this many hours. */
export const DOOR_EVENTS_AHEAD_HOURS = 48;
// The events a door could be working: entry not yet closed, opening within the next 48 hours.
const DOOR_EVENTS_SQL = `SELECT ${EVENT_COLUMNS} FROM events
WHERE NOT cancelled AND starts_at IS NOT NULL
  AND starts_at - make_interval(hours => ${ADMISSION_OPENS_HOURS_BEFORE}) <= now() + make_interval(hours => ${DOOR_EVENTS_AHEAD_HOURS})
  AND coalesce(ends_at, starts_at + make_interval(hours => ${ADMISSION_OPENS_HOURS_BEFORE})) > now()
ORDER BY starts_at, id LIMIT 50`;

// One statement, so the version and the tickets come from the same snapshot. The one-row CTE keeps
// the version when no ticket changed.
const PACK_SQL = `WITH snap AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS version)
SELECT snap.version, t.id, t.ticket_type, t.first_name, t.last_name, t.status,
  floor(extract(epoch FROM t.used_at) * 1000)::float8 AS used_ms, u.username AS admitted_by
FROM snap
LEFT JOIN tickets t ON t.event_id = $1 AND ($2::xid8 IS NULL OR t.change_xid >= $2::xid8)
LEFT JOIN users u ON u.id = t.used_by
ORDER BY t.id`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toDoorEvent(e: EventRow, tz: string): DoorPackEvent {
  const start = e.starts_ms === null ? null : instantToLocal(new Date(e.starts_ms), tz);
  const end = e.ends_ms === null ? null : instantToLocal(new Date(e.ends_ms), tz);
  return {
    id: Number(e.id),
    title: e.title,
    eventDate: start?.date ?? null,
    startTime: start?.dateTime ?? null,
    endTime: end?.dateTime ?? null,
    opensAt: e.starts_ms === null ? null : iso(e.starts_ms - ADMISSION_WINDOW_MS),
    closesAt: e.starts_ms === null ? null : iso(admissionClosesAt(e.starts_ms, e.ends_ms)),
    cancelled: e.cancelled,
  };
}

/** The event as the door sees it; null when there is none. */
export async function loadDoorEvent(app: FastifyInstance, eventId: number): Promise<DoorPackEvent | null> {
  const { rows } = await app.database.raw.query<EventRow>(EVENT_SQL, [eventId], 'door_event');
  return rows[0] ? toDoorEvent(rows[0], app.config.timezone) : null;
}

/** The events whose door is open or opens within 48 hours (the scanner's choice of door lists). */
export async function listDoorEvents(app: FastifyInstance): Promise<DoorPackEvent[]> {
  const { rows } = await app.database.raw.query<EventRow>(DOOR_EVENTS_SQL, [], 'door_events');
  return rows.map((e) => toDoorEvent(e, app.config.timezone));
}

export interface DoorPackRequest {
  eventId: number;
  /** The version of the phone's copy: only tickets changed since are sent. */
  since?: string;
  deviceId?: string;
  userId: number;
}

/**
 * An event's tickets for the door as of a version (since: only those changed since): read once for
 * the phones asking for the same at the same time (issue 19: twenty phones fetching a night's pack
 * at once each held its 10,000 rows and tickets, RSS past 300 MB).
 */
const packReadings = new SharedReadings<string, { version: string; tickets: DoorPack['tickets'] }>();

async function readPackTickets(app: FastifyInstance, eventId: number, since: string | undefined) {
  const { rows } = await app.database.raw.query<PackRow>(PACK_SQL, [eventId, since ?? null], 'door_pack');
  const tickets: DoorPack['tickets'] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    tickets.push({
      id: r.id,
      ticketType: r.ticket_type!,
      name: doorNameOf(r.first_name, r.last_name),
      status: r.status!,
      admittedAt: iso(r.used_ms),
      admittedBy: r.admitted_by,
    });
  }
  return { version: rows[0]!.version, tickets };
}

export async function loadDoorPack(app: FastifyInstance, request: DoorPackRequest): Promise<DoorPack> {
  const event = await loadDoorEvent(app, request.eventId);
  if (!event) throw notFound(DOOR_MESSAGES.eventNotFound);
  const { version, tickets } = await packReadings.read(app.db, `${request.eventId}:${request.since ?? ''}`, () =>
    readPackTickets(app, request.eventId, request.since),
  );
  // A pack download is the phone's heartbeat at this door.
  if (request.deviceId) await recordDoorDevice(app, [request.eventId], request.deviceId, request.userId);
  return {
    version,
    full: request.since === undefined,
    generatedAt: new Date().toISOString(),
    publicKey: ticketPublicKeyRaw(app.config.ticketSigningKeyPem),
    event,
    tickets,
    deviceName: request.deviceId ? await deviceNameOf(app, request.deviceId) : null,
  };
}
