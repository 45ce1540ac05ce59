import { ADMISSION_OPENS_HOURS_BEFORE } from './constants.ts';

/**
 * The one home of the admission window (DESIGN.md, door scanning): entry opens 12 hours before the
 * start and closes at the end, or 12 hours after the start when the event has no end. Opening is
 * inclusive, closing exclusive; an event without a start admits no one. Zod-free. The door's SQL
 * function admission_open (migration 0008) says the same, checked against this by the property
 * test of apps/api/src/db/admission-window.ts.
 */
export const ADMISSION_WINDOW_MS = ADMISSION_OPENS_HOURS_BEFORE * 3_600_000;

const ms = (t: Date | string | number) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** When entry closes, in epoch milliseconds: the end, or the start plus the window when there is none. */
export function admissionClosesAt(startsAt: Date | string | number, endsAt?: Date | string | number | null): number {
  return endsAt === null || endsAt === undefined ? ms(startsAt) + ADMISSION_WINDOW_MS : ms(endsAt);
}

export function isAdmissionOpen(
  startsAt: Date | string | number | null | undefined,
  endsAt: Date | string | number | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (startsAt === null || startsAt === undefined) return false;
  const at = ms(now);
  return at >= ms(startsAt) - ADMISSION_WINDOW_MS && at < admissionClosesAt(startsAt, endsAt);
}

/** Whether entry has closed for good (the wrong-day message then says the event has ended). */
export function hasAdmissionEnded(
  startsAt: Date | string | number | null | undefined,
  endsAt: Date | string | number | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  return startsAt !== null && startsAt !== undefined && ms(now) >= admissionClosesAt(startsAt, endsAt);
}
