import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Door phones, by the random id each keeps (the `x-scanner-device` header, `web-xxxxxxxx`; not a
 * credential), with the name door staff give it once ("Front door"): scan logs and the door
 * dashboard show the name.
 */
export const scanDevices = pgTable('scan_devices', {
  id: text('id').primaryKey(),
  name: text('name'),
  // No foreign keys to users here or below: a log must not lock user rows (as ticket_scans).
  namedBy: bigint('named_by', { mode: 'number' }),
  namedAt: ts('named_at'),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
});

/**
 * Which account worked which event's door on which phone, and when it was last heard from (door
 * pack downloads and syncs): the dashboard's "devices last seen", and the events an EVENT_WORKER
 * may watch.
 */
export const doorDevices = pgTable(
  'door_devices',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    deviceId: text('device_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.deviceId, t.userId] })],
);

/**
 * Admissions made offline, as each phone sent them back: one row per nonce (the phone's random id
 * for the scan), so sending a batch again changes nothing. `result` is what the server made of it:
 * ADMITTED (the ticket's admission time is `scanned_at`), or a conflict — ALREADY_USED (admitted
 * elsewhere first: `first_*` say where and when), VOID, WRONG_DAY — or INVALID.
 */
export const offlineScans = pgTable(
  'offline_scans',
  {
    nonce: uuid('nonce').primaryKey(),
    deviceId: text('device_id').notNull(),
    /** The account that sent the sync (signed in on the phone). */
    scannerId: bigint('scanner_id', { mode: 'number' }).notNull(),
    ticketId: uuid('ticket_id'),
    eventId: bigint('event_id', { mode: 'number' }),
    scannedAt: ts('scanned_at').notNull(),
    syncedAt: ts('synced_at').notNull().defaultNow(),
    result: text('result').notNull(),
    firstAdmittedAt: ts('first_admitted_at'),
    firstDevice: text('first_device'),
    firstScannerId: bigint('first_scanner_id', { mode: 'number' }),
  },
  (t) => [index('offline_scans_event_idx').on(t.eventId, t.result)],
);
