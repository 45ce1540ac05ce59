import { ADMISSION_OPENS_HOURS_BEFORE } from './constants.ts';

/**
 * Door scanning (spec 02: Ticket Scanner, `POST /api/ticket-scan?qrCodeValue=`): the answers, their
 * HTTP statuses and the words door staff read. The API builds its messages here and the scanner
 * screen shows the server's message, falling back to the spec's own. No zod here, so the scanner
 * page (a first load) can import them without it; the request and answer shapes are in scan.ts,
 * which re-exports these.
 */
export const SCAN_STATUSES = ['OK', 'ALREADY_USED', 'VOID', 'WRONG_DAY', 'INVALID'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const SCAN_HTTP_STATUS: Record<ScanStatus, number> = {
  OK: 200,
  ALREADY_USED: 409,
  VOID: 410,
  WRONG_DAY: 409,
  INVALID: 404,
};

/** The short tag on the scanner's result card, above the server's message. */
export const SCAN_STATUS_LABELS: Record<ScanStatus, string> = {
  OK: 'Valid',
  ALREADY_USED: 'Already used',
  VOID: 'Void',
  WRONG_DAY: 'Wrong day',
  INVALID: 'Not a ticket',
};

/** The longest QR value accepted (a ticket token is about 112 characters). */
export const QR_CODE_VALUE_MAX = 512;
/** The optional scanner device id (header `x-scanner-device` or query `deviceId`). */
export const SCANNER_DEVICE_MAX = 64;
export const SCANNER_DEVICE_HEADER = 'x-scanner-device';

export const SCAN_MESSAGES = {
  // Spec 02 §8, word for word: the fallback when the server's answer carries no message.
  fallback: 'Something went wrong while validating the ticket.',
  // DESIGN.md decides the statuses; the spec shows no wording for them.
  invalid: 'This code is not a FourFour ticket.',
  voidRefunded: 'This ticket was refunded or cancelled. Do not admit.',
  voidEventCancelled: 'This event has been cancelled. The ticket is void.',
  notScannable: 'Ticket scanning is for door staff only.',
  missingCode: 'Scan or type a ticket code.',
  unknownDoorCode: 'No ticket has this door code. Check the code on the ticket and type it again.',
  // Screen texts.
  cameraDenied:
    'Camera access was refused. Allow the camera for this site in your browser settings, or type the code below.',
  cameraMissing: 'No camera was found on this device. Type the door code from the ticket below.',
  cameraFailed: 'The camera could not be started. Type the door code from the ticket below.',
} as const;

/**
 * The door code: printed under every ticket's QR (account and email) so a damaged or unreadable
 * QR can still be checked by typing it. It is the first 12 hex digits of the ticket's id (a random
 * UUID: 48 random bits), grouped in fours: "3F9A-12C4-77BE". Hex has no O, I or L to mistake.
 */
export const DOOR_CODE_DIGITS = 12;
const DOOR_CODE_PATTERN = new RegExp(`^[0-9a-f]{${DOOR_CODE_DIGITS}}$`);

export function doorCodeOf(ticketId: string): string {
  const hex = ticketId.replace(/-/g, '').slice(0, DOOR_CODE_DIGITS).toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

/**
 * A typed door code, however written (any case, spaces or dashes anywhere), as its 12 lower-case
 * hex digits; null when the text is not a door code.
 */
export function parseDoorCode(typed: string): string | null {
  const hex = typed.replace(/[\s-]/g, '').toLowerCase();
  return DOOR_CODE_PATTERN.test(hex) ? hex : null;
}

/** The range of ticket ids (UUIDs) whose door code is `digits` (parseDoorCode's answer). */
export function ticketIdRangeOf(digits: string): { from: string; to: string } {
  const head = `${digits.slice(0, 8)}-${digits.slice(8, 12)}`;
  return { from: `${head}-0000-0000-000000000000`, to: `${head}-ffff-ffff-ffffffffffff` };
}

/** 409 ALREADY_USED: when and by whom the ticket was first admitted (local wall-clock labels). */
export function alreadyUsedMessage(firstAdmitted: string, admittedBy: string | null): string {
  return `Already used: admitted ${firstAdmitted}${admittedBy ? ` by ${admittedBy}` : ''}.`;
}

/** 409 WRONG_DAY: the event is not open for entry (it opens 12 hours before the start, closes at the end). */
export function wrongDayMessage(eventTitle: string, eventDateLabel: string, hasEnded: boolean): string {
  return hasEnded
    ? `Wrong day: this ticket was for ${eventTitle} on ${eventDateLabel}, which has ended.`
    : `Wrong day: this ticket is for ${eventTitle} on ${eventDateLabel}. Entry opens ${ADMISSION_OPENS_HOURS_BEFORE} hours before the start.`;
}

/** The error body of a refused scan: `{ message, code, status, … }` (code === status). */
export interface ScanRefusal {
  message: string;
  code: Exclude<ScanStatus, 'OK'>;
  status: Exclude<ScanStatus, 'OK'>;
  ticketId?: string;
  eventTitle?: string;
  eventDate?: string | null;
  /** ALREADY_USED: the first admission (ISO instant) and the username of who admitted it. */
  firstAdmittedAt?: string;
  admittedBy?: string | null;
}
