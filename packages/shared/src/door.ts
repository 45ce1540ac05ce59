import { z } from 'zod';
import { TICKET_STATUSES, TICKET_TYPES } from './enums.ts';
import {
  DOOR_DEVICE_NAME_MAX,
  DOOR_MESSAGES,
  DOOR_REFUSAL_REASONS,
  DOOR_SYNC_BATCH_MAX,
  DOOR_SYNC_RESULTS,
} from './door-rules.ts';
import { QR_CODE_VALUE_MAX, SCANNER_DEVICE_MAX } from './scan-rules.ts';

/**
 * The door when the signal drops (issue 22): the door pack a phone keeps for offline scanning,
 * the sync of its offline admissions, device names and the live door dashboard. Request and
 * answer shapes. Its timings, limits and words are in door-rules.ts (no zod), re-exported here.
 */
export * from './door-rules.ts';

const printable = /^[\x20-\x7e]+$/;

/** The phone's random id (as the `x-scanner-device` header): printable ASCII, not a credential. */
export const DoorDeviceId = z
  .string()
  .trim()
  .min(1, DOOR_MESSAGES.deviceIdInvalid)
  .max(SCANNER_DEVICE_MAX, DOOR_MESSAGES.deviceIdInvalid)
  .regex(printable, DOOR_MESSAGES.deviceIdInvalid);

/** A pack version: a PostgreSQL transaction id (xid8) as decimal digits. */
export const DoorPackVersion = z.string().regex(/^\d{1,19}$/, DOOR_MESSAGES.versionInvalid);

export const DoorEventParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** GET /api/ticket-scan/events/{id}/pack?since=&deviceId= */
export const DoorPackQuery = z.object({
  /** The version of the copy the phone holds: only tickets changed since are sent. */
  since: DoorPackVersion.optional(),
  deviceId: DoorDeviceId.optional(),
});
export type DoorPackQuery = z.infer<typeof DoorPackQuery>;

export const DoorPackEvent = z.object({
  id: z.number(),
  title: z.string(),
  eventDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The entry window (ISO instants): opens 12 hours before the start, closes at the end; null when undated. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  cancelled: z.boolean(),
});
export type DoorPackEvent = z.infer<typeof DoorPackEvent>;
/** GET /api/ticket-scan/events: the events whose door is open or opens within 48 hours. */
export const DoorEventList = z.array(DoorPackEvent);

/** What the door needs of one ticket, and no more: first name and initial, never the date of birth. */
export const DoorPackTicket = z.object({
  id: z.string(),
  ticketType: z.enum(TICKET_TYPES),
  /** "Zara M."; null once attendee names are purged. */
  name: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  admittedAt: z.string().nullable(),
  /** The username of who admitted it. */
  admittedBy: z.string().nullable(),
});
export type DoorPackTicket = z.infer<typeof DoorPackTicket>;

export const DoorPack = z.object({
  /** Ask with `since=<version>` next time for the changes only. */
  version: DoorPackVersion,
  /** true: every ticket of the event; false: those changed since `since`. */
  full: z.boolean(),
  generatedAt: z.string(),
  /** The Ed25519 public key that signs ticket codes: 32 raw bytes, base64url. */
  publicKey: z.string(),
  event: DoorPackEvent,
  tickets: z.array(DoorPackTicket),
  /** This device's name, when `deviceId` was sent and it has one. */
  deviceName: z.string().nullable(),
});
export type DoorPack = z.infer<typeof DoorPack>;

export const DoorSyncScan = z.object({
  /** The phone's random id for this scan (a UUID): sending it again changes nothing. */
  nonce: z.uuid(),
  qrCodeValue: z.string().trim().min(1).max(QR_CODE_VALUE_MAX),
  /** When the phone admitted the ticket: the ticket's admission time. */
  scannedAt: z.iso.datetime({ offset: true, error: DOOR_MESSAGES.scannedAtInvalid }),
});
export type DoorSyncScan = z.infer<typeof DoorSyncScan>;

/** POST /api/ticket-scan/sync */
export const DoorSyncBody = z.object({
  deviceId: DoorDeviceId,
  scans: z
    .array(DoorSyncScan)
    .min(1)
    .max(DOOR_SYNC_BATCH_MAX)
    .refine((scans) => new Set(scans.map((s) => s.nonce.toLowerCase())).size === scans.length, {
      message: DOOR_MESSAGES.nonceRepeated,
    }),
});
export type DoorSyncBody = z.infer<typeof DoorSyncBody>;

/** Where and when a ticket was admitted before an offline admission of it reached the server. */
export const DoorFirstAdmission = z.object({
  admittedAt: z.string().nullable(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  admittedBy: z.string().nullable(),
});

export const DoorSyncScanResult = z.object({
  nonce: z.string(),
  result: z.enum(DOOR_SYNC_RESULTS),
  ticketId: z.string().nullable(),
  /** ADMITTED: the admission time, which is the scan time. */
  admittedAt: z.string().nullable(),
  message: z.string(),
  /** ALREADY_USED: the admission that came first (a conflict). */
  firstAdmission: DoorFirstAdmission.nullable(),
});
export type DoorSyncScanResult = z.infer<typeof DoorSyncScanResult>;

export const DoorSyncAnswer = z.object({ results: z.array(DoorSyncScanResult) });
export type DoorSyncAnswer = z.infer<typeof DoorSyncAnswer>;

/** PUT /api/ticket-scan/device */
export const DoorDeviceNameBody = z.object({
  deviceId: DoorDeviceId,
  name: z
    .string()
    .trim()
    .min(1, DOOR_MESSAGES.deviceNameInvalid)
    .max(DOOR_DEVICE_NAME_MAX, DOOR_MESSAGES.deviceNameInvalid)
    .regex(/^[^\p{Cc}\p{Cf}]+$/u, DOOR_MESSAGES.deviceNameInvalid),
});
export type DoorDeviceNameBody = z.infer<typeof DoorDeviceNameBody>;
export const DoorDeviceName = z.object({ deviceId: z.string(), name: z.string() });
export type DoorDeviceName = z.infer<typeof DoorDeviceName>;

/** GET /api/admin/events/{id}/door */
export const DoorDashboard = z.object({
  generatedAt: z.string(),
  event: DoorPackEvent,
  totals: z.object({
    admitted: z.number(),
    /** Tickets issued and not void. */
    sold: z.number(),
    /** Admissions made offline and synced. */
    admittedOffline: z.number(),
    conflicts: z.number(),
  }),
  byType: z.array(z.object({ ticketType: z.enum(TICKET_TYPES), admitted: z.number(), sold: z.number() })),
  devices: z.array(
    z.object({
      deviceId: z.string(),
      name: z.string().nullable(),
      admitted: z.number(),
      lastSeenAt: z.string().nullable(),
      staff: z.array(z.string()),
    }),
  ),
  /** Admissions per 15 minutes, from the first arrival to now (or the last one). */
  arrivals: z.array(z.object({ from: z.string(), count: z.number() })),
  refusals: z.array(z.object({ reason: z.enum(DOOR_REFUSAL_REASONS), count: z.number() })),
  conflicts: z.array(
    z.object({
      nonce: z.string(),
      result: z.enum(DOOR_SYNC_RESULTS),
      ticketId: z.string().nullable(),
      doorCode: z.string().nullable(),
      name: z.string().nullable(),
      scannedAt: z.string(),
      syncedAt: z.string(),
      deviceId: z.string(),
      deviceName: z.string().nullable(),
      scannedBy: z.string().nullable(),
      firstAdmission: DoorFirstAdmission.nullable(),
    }),
  ),
  /** The latest scans, newest first: the scan log with device names. */
  recentScans: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      result: z.string(),
      ticketId: z.string().nullable(),
      name: z.string().nullable(),
      deviceId: z.string().nullable(),
      deviceName: z.string().nullable(),
      scannedBy: z.string().nullable(),
    }),
  ),
});
export type DoorDashboard = z.infer<typeof DoorDashboard>;
