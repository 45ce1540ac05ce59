import { z } from 'zod';

/**
 * The back office's CSV exports (issue 21): an event's orders, attendees and scans, and the
 * affiliates' monthly payouts. The files are built by the API; these are their query, names and the
 * words of the buttons that download them.
 */
export const EXPORT_KINDS = ['orders', 'attendees', 'scans'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_LABELS: Record<ExportKind, string> = {
  orders: 'Orders CSV',
  attendees: 'Attendees CSV',
  scans: 'Scans CSV',
};

export const EXPORT_MESSAGES = {
  month: 'Month must be YYYY-MM, for example 2026-07.',
  eventNotFound: 'Event not found.',
  downloadFailed: 'Failed to download the file. Please try again.',
  payoutsLabel: 'Payouts CSV',
} as const;

/** GET /api/master/affiliates/payouts.csv?month=YYYY-MM */
export const PayoutsCsvQuery = z.object({
  month: z
    .string({ error: EXPORT_MESSAGES.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, EXPORT_MESSAGES.month)
    .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, EXPORT_MESSAGES.month),
});
export type PayoutsCsvQuery = z.infer<typeof PayoutsCsvQuery>;

/** Every CSV answer is this text (UTF-8 with a byte order mark); the OpenAPI description names it text/csv. */
export const CsvText = z.string();
