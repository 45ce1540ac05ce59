/**
 * The door when the signal drops (issue 22): its timings, limits, result names and the words door
 * staff and promoters read. No zod here, so the scanner page (a first load) can import them without
 * it; the request and answer shapes are in door.ts, which re-exports these.
 */

/** How often the scanner refreshes its packs while online, and sends its queue when it can. */
export const DOOR_PACK_REFRESH_MS = 60_000;
export const DOOR_SYNC_EVERY_MS = 15_000;
/** The dashboard polls this often. */
export const DOOR_DASHBOARD_POLL_MS = 5_000;
/** Scans per sync request (the phone sends a longer queue in several). */
export const DOOR_SYNC_BATCH_MAX = 200;
export const DOOR_DEVICE_NAME_MAX = 40;
/** A scan time later than the server's clock by more than this is taken as the sync time. */
export const DOOR_CLOCK_SKEW_MS = 5 * 60_000;
/** Arrivals are counted in buckets of this many minutes. */
export const DOOR_ARRIVALS_BUCKET_MINUTES = 15;

export const DOOR_MESSAGES = {
  deviceIdInvalid: 'The device id must be 1 to 64 printable characters.',
  deviceNameInvalid: `Name this device in 1 to ${DOOR_DEVICE_NAME_MAX} characters.`,
  versionInvalid: 'The door list version is not one this server gave.',
  scannedAtInvalid: 'The scan time must be an ISO 8601 instant.',
  nonceRepeated: 'Each scan in a sync needs its own nonce.',
  nonceReused: 'This nonce was already used for another ticket.',
  notDoorStaff: 'Only door staff who scan this event can see its door.',
  eventNotFound: 'Event not found.',
  // The scanner's offline answers (the server's own words are used online).
  notInPack: 'Not on this phone’s door list. Check it again when the signal is back.',
  noPack: 'No door list on this phone yet. Download it for tonight’s event while online.',
  otherEvent: 'Wrong night: this ticket is for another event than the door lists on this phone.',
  notVerifiable: 'This phone cannot check ticket signatures offline; only tickets on its door list are checked.',
} as const;

export const DOOR_SYNC_RESULTS = ['ADMITTED', 'ALREADY_USED', 'VOID', 'WRONG_DAY', 'INVALID'] as const;
export type DoorSyncResult = (typeof DOOR_SYNC_RESULTS)[number];

export const DOOR_REFUSAL_REASONS = ['ALREADY_USED', 'VOID', 'WRONG_DAY', 'INVALID'] as const;

/** "Zara M.": what the door list shows of an attendee. */
export function doorNameOf(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim();
  if (!first) return null;
  const initial = lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
