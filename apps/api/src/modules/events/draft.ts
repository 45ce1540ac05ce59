import { EVENT_MESSAGES, type EventInput, resolveLocalTimes } from '@fourfour/shared/events';
import { penceToPounds } from '@fourfour/shared/money';
import { fieldError } from '../../lib/errors.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import type { EventRow } from './events.queries.ts';

/* ------------------------------------------------------------------------------------------------
 * The event as the admin forms write it: a draft of wall-clock fields, merged, checked and resolved
 * to instants. Shared by create and edit.
 * ---------------------------------------------------------------------------------------------- */

export interface Schedule {
  startsAt: Date | null;
  endsAt: Date | null;
}

/** Wall-clock date and times → instants in APP_TIMEZONE, with the overnight rule. */
export function resolveSchedule(
  input: { date?: string | null; startTime?: string | null; endTime?: string | null },
  timeZone: string,
): Schedule {
  const { date, startTime, endTime } = input;
  if (!date && !startTime && !endTime) return { startsAt: null, endsAt: null };
  if (!date || !startTime) throw fieldError(!date ? 'date' : 'startTime', EVENT_MESSAGES.selectTimes);
  const local = resolveLocalTimes(date, startTime, endTime);
  if (!local) throw fieldError('endTime', EVENT_MESSAGES.sameStartAndEnd);
  return {
    startsAt: localToInstant(local.start, timeZone),
    endsAt: local.end ? localToInstant(local.end, timeZone) : null,
  };
}

/** An event as the completeness check sees it. */
export interface EventDraft {
  title: string | null;
  description: string | null;
  location: string | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  totalStandardTickets: number;
  totalVipTickets: number;
  standardTicketPrice: number;
  vipTicketPrice: number;
  organiserName: string | null;
  organiserContact: string | null;
  attendeeChangesAllowed: boolean;
}

export function draftOfRow(row: EventRow, timeZone: string): EventDraft {
  const start = row.startsAt ? instantToLocal(row.startsAt, timeZone) : null;
  return {
    title: row.title,
    description: row.description,
    location: row.location,
    date: start?.date ?? null,
    startTime: start?.dateTime ?? null,
    endTime: row.endsAt ? instantToLocal(row.endsAt, timeZone).dateTime : null,
    totalStandardTickets: row.totalStandard,
    totalVipTickets: row.totalVip,
    standardTicketPrice: penceToPounds(row.standardPricePence),
    vipTicketPrice: penceToPounds(row.vipPricePence),
    organiserName: row.organiserName,
    organiserContact: row.organiserContact,
    attendeeChangesAllowed: row.attendeeChangesAllowed,
  };
}

/** Edit semantics: a field left out keeps its value; null clears it (numbers become 0). */
export function mergeDraft(base: EventDraft, input: EventInput): EventDraft {
  const pick = <K extends keyof EventDraft>(key: K, fallbackForNull: EventDraft[K]): EventDraft[K] => {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined) return base[key];
    return (value ?? fallbackForNull) as EventDraft[K];
  };
  return {
    title: pick('title', null),
    description: pick('description', null),
    location: pick('location', null),
    date: pick('date', null),
    startTime: pick('startTime', null),
    endTime: pick('endTime', null),
    totalStandardTickets: pick('totalStandardTickets', 0),
    totalVipTickets: pick('totalVipTickets', 0),
    standardTicketPrice: pick('standardTicketPrice', 0),
    vipTicketPrice: pick('vipTicketPrice', 0),
    organiserName: pick('organiserName', null),
    organiserContact: pick('organiserContact', null),
    attendeeChangesAllowed: pick('attendeeChangesAllowed', true),
  };
}

export const EMPTY_DRAFT: EventDraft = {
  title: null,
  description: null,
  location: null,
  date: null,
  startTime: null,
  endTime: null,
  totalStandardTickets: 0,
  totalVipTickets: 0,
  standardTicketPrice: 0,
  vipTicketPrice: 0,
  organiserName: null,
  organiserContact: null,
  attendeeChangesAllowed: true,
};

/** A new start must be in the future. */
export function assertStartsInFuture(schedule: Schedule): void {
  if (schedule.startsAt && schedule.startsAt.getTime() <= Date.now())
    throw fieldError('startTime', EVENT_MESSAGES.startInPast);
}

/** The fields an edit's audit row compares, before and after. */
export const AUDITED_FIELDS: (keyof EventDraft)[] = [
  'title',
  'description',
  'location',
  'date',
  'startTime',
  'endTime',
  'totalStandardTickets',
  'totalVipTickets',
  'standardTicketPrice',
  'vipTicketPrice',
  'organiserName',
  'organiserContact',
  'attendeeChangesAllowed',
];
