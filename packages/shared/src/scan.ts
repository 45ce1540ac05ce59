import { z } from 'zod';
import { ADMISSION_OPENS_HOURS_BEFORE } from './constants.ts';
import { TICKET_TYPES } from './enums.ts';

/**
 * Door scanning (spec 02: Ticket Scanner, `POST /api/ticket-scan?qrCodeValue=`): the answers, their
 * HTTP statuses and the words door staff read. The API builds its messages here and the scanner
 * screen shows the server's message, falling back to the spec's own.
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
  // Screen texts.
  cameraDenied:
    'Camera access was refused. Allow the camera for this site in your browser settings, or type the code below.',
  cameraMissing: 'No camera was found on this device. Type the code from the ticket below.',
  cameraFailed: 'The camera could not be started. Type the code from the ticket below.',
} as const;

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

export const ScanQuery = z.object({
  qrCodeValue: z.string().trim().min(1, SCAN_MESSAGES.missingCode).max(QR_CODE_VALUE_MAX, SCAN_MESSAGES.invalid),
  deviceId: z.string().trim().max(SCANNER_DEVICE_MAX).optional(),
});
export type ScanQuery = z.infer<typeof ScanQuery>;

/** Spec 02 §3 "Scan result", the 200 answer; `admittedAt` is when this scan admitted the ticket. */
export const ScanResult = z.object({
  eventTitle: z.string(),
  eventDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  ticketType: z.enum(TICKET_TYPES),
  ticketId: z.string(),
  status: z.literal('OK'),
  admittedAt: z.string(),
});
export type ScanResult = z.infer<typeof ScanResult>;

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
