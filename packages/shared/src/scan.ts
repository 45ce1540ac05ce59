import { z } from 'zod';
import { TICKET_TYPES } from './enums.ts';
import { QR_CODE_VALUE_MAX, SCAN_MESSAGES, SCANNER_DEVICE_MAX } from './scan-rules.ts';

/**
 * Door scanning (spec 02: Ticket Scanner, `POST /api/ticket-scan?qrCodeValue=`): the request and
 * answer shapes. The statuses, limits, messages and door-code rules are in scan-rules.ts (no zod),
 * re-exported here.
 */
export * from './scan-rules.ts';

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
