import { ATTENDEE_CHANGE_CLOSES_HOURS_BEFORE } from './constants.ts';

/**
 * Who may change the attendee on a ticket, and until when (issue 21), zod-free so My tickets can
 * show the reason without loading a schema. The API applies the same function before it writes.
 * An admin may change any ticket that is not void of an event that has not started; a fan only
 * their own, and only until 24 hours before the start, and only when the event allows it.
 */
export const ATTENDEE_CHANGE_MESSAGES = {
  ticketVoid: 'This ticket is void (refunded or cancelled), so its attendee cannot be changed.',
  ticketUsed: 'This ticket has already been admitted at the door, so its attendee cannot be changed.',
  eventStarted: 'This event has already started, so its attendees cannot be changed.',
  fanWindowClosed: `Attendee names can be changed until ${ATTENDEE_CHANGE_CLOSES_HOURS_BEFORE} hours before the event starts. Please contact the organiser.`,
  fanChangesOff: 'The organiser does not allow attendee name changes for this event. Please contact them.',
  changed: 'The attendee has been changed. The ticket and its QR code stay the same.',
} as const;

export const ATTENDEE_CHANGE_CLOSES_MS_BEFORE = ATTENDEE_CHANGE_CLOSES_HOURS_BEFORE * 3_600_000;

export interface AttendeeChangeFacts {
  ticketStatus: 'VALID' | 'USED' | 'VOID';
  /** The event's start (ISO instant or Date); null = no date yet. */
  startsAt: Date | string | null;
  /** The event's switch for fans (events.attendee_changes_allowed). */
  attendeeChangesAllowed: boolean;
}

/** Why this attendee cannot be changed by `by` now, as the message to show; null when it can. */
export function attendeeChangeBlocker(
  facts: AttendeeChangeFacts,
  by: 'ADMIN' | 'FAN',
  now: Date | number = Date.now(),
): string | null {
  const at = now instanceof Date ? now.getTime() : now;
  const start = facts.startsAt === null ? null : new Date(facts.startsAt).getTime();
  if (facts.ticketStatus === 'VOID') return ATTENDEE_CHANGE_MESSAGES.ticketVoid;
  if (facts.ticketStatus === 'USED') return ATTENDEE_CHANGE_MESSAGES.ticketUsed;
  if (start !== null && start <= at) return ATTENDEE_CHANGE_MESSAGES.eventStarted;
  if (by === 'ADMIN') return null;
  if (!facts.attendeeChangesAllowed) return ATTENDEE_CHANGE_MESSAGES.fanChangesOff;
  if (start !== null && start - at <= ATTENDEE_CHANGE_CLOSES_MS_BEFORE) return ATTENDEE_CHANGE_MESSAGES.fanWindowClosed;
  return null;
}
