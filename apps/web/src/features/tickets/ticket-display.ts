import type { OwnedTicket } from '@fourfour/shared/tickets';
import { formatLocalDate, formatLocalTime } from '../../lib/format.ts';

// How an owned ticket reads, in the My tickets list and in its dialog.

/** The status badge's colour. */
export const STATUS_COLOUR = { VALID: 'teal', USED: 'gray', VOID: 'red' } as const;

/** Its night: "Fri 27 Nov 2026 · 22:00", or "Date to be announced". */
export function whenOf(t: OwnedTicket): string {
  if (!t.eventDate) return 'Date to be announced';
  return [formatLocalDate(t.eventDate), t.startTime && formatLocalTime(t.startTime)].filter(Boolean).join(' · ');
}
