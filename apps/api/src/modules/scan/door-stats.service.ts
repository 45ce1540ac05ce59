import {
  DOOR_ARRIVALS_BUCKET_MINUTES,
  DOOR_MESSAGES,
  DOOR_REFUSAL_REASONS,
  type DoorDashboard,
  type DoorPackEvent,
  doorNameOf,
} from '@fourfour/shared/door';
import { ADMIN_ROLES, type Role, TICKET_TYPES, type TicketType } from '@fourfour/shared/enums';
import { doorCodeOf } from '@fourfour/shared/scan';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../lib/errors.ts';
import { SharedReadings } from '../../lib/shared-reading.ts';
import { loadDoorEvent } from './door-pack.service.ts';

/**
 * The live door (GET /api/admin/events/{id}/door): admitted against sold per ticket type and per
 * device, arrivals per 15 minutes, refusals by reason, offline conflicts, the devices and when each
 * was last heard from, and the latest scans with device names. Admins see every event's door; an
 * EVENT_WORKER sees the doors they work (they downloaded its pack or scanned one of its tickets).
 * Read-only; the page polls it every 5 seconds.
 */

const BUCKET_MS = DOOR_ARRIVALS_BUCKET_MINUTES * 60_000;
/** At most this many arrival buckets (two days of 15 minutes); the latest are kept. */
const MAX_BUCKETS = 192;
const CONFLICTS_SHOWN = 100;
const RECENT_SCANS_SHOWN = 20;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

async function worksThisDoor(app: FastifyInstance, eventId: number, userId: number): Promise<boolean> {
  const [row] = rowsOf<{ yes: boolean }>(
    await app.db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM door_devices WHERE event_id = ${eventId} AND user_id = ${userId})
        OR EXISTS (SELECT 1 FROM ticket_scans WHERE event_id = ${eventId} AND scanner_id = ${userId}) AS yes`),
  );
  return row?.yes === true;
}

export async function loadDoorDashboard(
  app: FastifyInstance,
  eventId: number,
  viewer: { id: number; role: Role },
): Promise<DoorDashboard> {
  const event = await loadDoorEvent(app, eventId);
  if (!event) throw notFound(DOOR_MESSAGES.eventNotFound);
  if (!ADMIN_ROLES.includes(viewer.role) && !(await worksThisDoor(app, eventId, viewer.id))) {
    throw forbidden(DOOR_MESSAGES.notDoorStaff);
  }
  return dashboards.read(app.db, eventId, () => readDoorDashboard(app, eventId, event));
}

/**
 * Door staff and admins poll the same door every 5 seconds: a reading already under way for this
 * event (on this instance) answers the requests that arrive meanwhile, instead of each running its
 * six statements again (issue 19: twenty pollers of one door).
 */
const dashboards = new SharedReadings<number, DoorDashboard>();

async function readDoorDashboard(app: FastifyInstance, eventId: number, event: DoorPackEvent): Promise<DoorDashboard> {
  // One after another: a dashboard polled every 5 s should hold one pooled connection, not six.
  const queries = [
    // The night's tickets read once (issue 19: was three passes over a 6,000-ticket night): sold and
    // admitted per type, admissions per 15 minutes, admissions per device, as three grouping sets.
    sql`
      SELECT GROUPING(x.ticket_type)::int AS by_type, GROUPING(x.bucket)::int AS by_bucket,
        x.ticket_type, x.bucket, x.device,
        count(*) FILTER (WHERE x.status <> 'VOID')::int AS sold,
        count(*) FILTER (WHERE x.status = 'USED')::int AS admitted
      FROM (
        SELECT t.ticket_type::text AS ticket_type, t.status::text AS status,
          CASE WHEN t.status = 'USED' AND t.used_at IS NOT NULL
            THEN (floor(extract(epoch FROM t.used_at) * 1000 / ${BUCKET_MS}) * ${BUCKET_MS})::float8 END AS bucket,
          CASE WHEN t.status = 'USED' THEN t.used_device END AS device
        FROM tickets t WHERE t.event_id = ${eventId}
      ) x
      GROUP BY GROUPING SETS ((x.ticket_type), (x.bucket), (x.device))`,
    sql`
      SELECT result, count(*)::int AS n FROM ticket_scans
      WHERE event_id = ${eventId} AND result <> 'OK' GROUP BY result`,
    // When each device was last heard from at this door (heartbeats, scans) and who used it.
    sql`
      SELECT s.device, floor(extract(epoch FROM max(s.at)) * 1000)::float8 AS last_ms,
        array_remove(array_agg(DISTINCT u.username), NULL) AS staff, d.name
      FROM (
        SELECT device_id AS device, last_seen_at AS at, user_id FROM door_devices WHERE event_id = ${eventId}
        UNION ALL
        SELECT device, max(created_at), scanner_id FROM ticket_scans
        WHERE event_id = ${eventId} AND device IS NOT NULL GROUP BY device, scanner_id
      ) s
      LEFT JOIN users u ON u.id = s.user_id
      LEFT JOIN scan_devices d ON d.id = s.device
      GROUP BY s.device, d.name`,
    sql`
      SELECT o.nonce, o.result, o.ticket_id, t.first_name, t.last_name, o.device_id, d.name AS device_name,
        su.username AS scanned_by, o.first_device, fd.name AS first_device_name, fu.username AS first_by,
        floor(extract(epoch FROM o.scanned_at) * 1000)::float8 AS scanned_ms,
        floor(extract(epoch FROM o.synced_at) * 1000)::float8 AS synced_ms,
        floor(extract(epoch FROM o.first_admitted_at) * 1000)::float8 AS first_ms,
        count(*) OVER ()::int AS total
      FROM offline_scans o
      LEFT JOIN tickets t ON t.id = o.ticket_id
      LEFT JOIN scan_devices d ON d.id = o.device_id
      LEFT JOIN scan_devices fd ON fd.id = o.first_device
      LEFT JOIN users su ON su.id = o.scanner_id
      LEFT JOIN users fu ON fu.id = o.first_scanner_id
      WHERE o.event_id = ${eventId} AND o.result <> 'ADMITTED'
      ORDER BY o.scanned_at DESC, o.nonce LIMIT ${CONFLICTS_SHOWN}`,
    sql`
      SELECT count(*)::int AS n FROM offline_scans WHERE event_id = ${eventId} AND result = 'ADMITTED'`,
    sql`
      SELECT s.id, floor(extract(epoch FROM s.created_at) * 1000)::float8 AS at_ms, s.result, s.ticket_id,
        t.first_name, t.last_name, s.device, d.name AS device_name, u.username AS scanned_by
      FROM ticket_scans s
      LEFT JOIN tickets t ON t.id = s.ticket_id
      LEFT JOIN scan_devices d ON d.id = s.device
      LEFT JOIN users u ON u.id = s.scanner_id
      WHERE s.event_id = ${eventId}
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${RECENT_SCANS_SHOWN}`,
  ];
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await app.db.execute(query));
  const [ticketCounts, refusals, seen, conflicts, offline, recent] = answers;
  const counted = rowsOf<{
    by_type: number;
    by_bucket: number;
    ticket_type: TicketType | null;
    bucket: number | null;
    device: string | null;
    sold: number;
    admitted: number;
  }>(ticketCounts);
  // GROUPING(col) is 0 in the set grouped by that column.
  const types = counted.filter((r) => r.by_type === 0 && r.ticket_type !== null);
  const arrivals = counted.filter((r) => r.by_bucket === 0 && r.bucket !== null);
  const admittedByDevice = counted.filter((r) => r.by_type === 1 && r.by_bucket === 1 && r.device !== null);

  const typeRows = TICKET_TYPES.map((ticketType) => {
    const row = types.find((r) => r.ticket_type === ticketType);
    return { ticketType, sold: row?.sold ?? 0, admitted: row?.admitted ?? 0 };
  });

  // Every 15 minutes from the first arrival to now (or the last arrival, after the night), zeros included.
  const counts = new Map(arrivals.map((r) => [Number(r.bucket), r.admitted]));
  const arrivalRows: DoorDashboard['arrivals'] = [];
  if (counts.size > 0) {
    const first = Math.min(...counts.keys());
    const lastArrival = Math.max(...counts.keys());
    const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;
    const now = bucketOf(Date.now());
    const end = Math.max(lastArrival, Math.min(now, event.closesAt ? bucketOf(Date.parse(event.closesAt)) : now));
    for (let b = Math.max(first, end - (MAX_BUCKETS - 1) * BUCKET_MS); b <= end; b += BUCKET_MS) {
      arrivalRows.push({ from: new Date(b).toISOString(), count: counts.get(b) ?? 0 });
    }
  }

  const refusalCounts = new Map(rowsOf<{ result: string; n: number }>(refusals).map((r) => [r.result, r.n]));
  const admittedOn = new Map(admittedByDevice.map((r) => [r.device!, r.admitted]));
  const devices = rowsOf<{ device: string; last_ms: number | null; staff: string[] | null; name: string | null }>(
    seen,
  ).map((d) => ({
    deviceId: d.device,
    name: d.name,
    admitted: admittedOn.get(d.device) ?? 0,
    lastSeenAt: iso(d.last_ms),
    staff: [...(d.staff ?? [])].sort(),
  }));
  // A device that admitted tickets but was never heard from here otherwise (its log rows purged).
  for (const [device, n] of admittedOn) {
    if (!devices.some((d) => d.deviceId === device)) {
      devices.push({ deviceId: device, name: null, admitted: n, lastSeenAt: null, staff: [] });
    }
  }
  devices.sort(
    (a, b) => (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? '') || a.deviceId.localeCompare(b.deviceId),
  );

  const conflictRows = rowsOf<{
    nonce: string;
    result: DoorDashboard['conflicts'][number]['result'];
    ticket_id: string | null;
    first_name: string | null;
    last_name: string | null;
    device_id: string;
    device_name: string | null;
    scanned_by: string | null;
    first_device: string | null;
    first_device_name: string | null;
    first_by: string | null;
    scanned_ms: number;
    synced_ms: number;
    first_ms: number | null;
    total: number;
  }>(conflicts);

  return {
    generatedAt: new Date().toISOString(),
    event,
    totals: {
      admitted: typeRows.reduce((n, r) => n + r.admitted, 0),
      sold: typeRows.reduce((n, r) => n + r.sold, 0),
      admittedOffline: rowsOf<{ n: number }>(offline)[0]?.n ?? 0,
      conflicts: conflictRows[0]?.total ?? 0,
    },
    byType: typeRows,
    devices,
    arrivals: arrivalRows,
    refusals: DOOR_REFUSAL_REASONS.map((reason) => ({ reason, count: refusalCounts.get(reason) ?? 0 })),
    conflicts: conflictRows.map((c) => ({
      nonce: c.nonce,
      result: c.result,
      ticketId: c.ticket_id,
      doorCode: c.ticket_id ? doorCodeOf(c.ticket_id) : null,
      name: doorNameOf(c.first_name, c.last_name),
      scannedAt: iso(c.scanned_ms)!,
      syncedAt: iso(c.synced_ms)!,
      deviceId: c.device_id,
      deviceName: c.device_name,
      scannedBy: c.scanned_by,
      firstAdmission:
        c.result === 'ALREADY_USED'
          ? {
              admittedAt: iso(c.first_ms),
              deviceId: c.first_device,
              deviceName: c.first_device_name,
              admittedBy: c.first_by,
            }
          : null,
    })),
    recentScans: rowsOf<{
      id: number | string;
      at_ms: number;
      result: string;
      ticket_id: string | null;
      first_name: string | null;
      last_name: string | null;
      device: string | null;
      device_name: string | null;
      scanned_by: string | null;
    }>(recent).map((s) => ({
      id: Number(s.id),
      at: iso(s.at_ms)!,
      result: s.result,
      ticketId: s.ticket_id,
      name: doorNameOf(s.first_name, s.last_name),
      deviceId: s.device,
      deviceName: s.device_name,
      scannedBy: s.scanned_by,
    })),
  };
}
