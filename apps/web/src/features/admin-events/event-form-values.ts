import type { TicketType } from '@fourfour/shared/enums';
import {
  type AdminEvent,
  EVENT_MESSAGES,
  type EventInput,
  missingForPublish,
  pleaseCompleteMessage,
  timeOfDay,
} from '@fourfour/shared/events';

/** The Create and Edit forms' values: times as HH:MM on the form's date, numbers '' when empty. */
export interface EventFormValues {
  title: string;
  description: string;
  location: string;
  date: string;
  startTime: string;
  endTime: string;
  totalStandardTickets: number | string;
  standardTicketPrice: number | string;
  totalVipTickets: number | string;
  vipTicketPrice: number | string;
  organiserName: string;
  organiserContact: string;
  /** Fans may change attendee names from My tickets (issue 21). */
  attendeeChangesAllowed: boolean;
  comingSoon: boolean;
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  location: '',
  date: '',
  startTime: '',
  endTime: '',
  totalStandardTickets: '',
  standardTicketPrice: '',
  totalVipTickets: '',
  vipTicketPrice: '',
  organiserName: '',
  organiserContact: '',
  attendeeChangesAllowed: true,
  comingSoon: false,
};

export function formValuesOf(e: AdminEvent): EventFormValues {
  return {
    title: e.title,
    description: e.description ?? '',
    location: e.location ?? '',
    date: e.date ?? '',
    startTime: timeOfDay(e.startTime) ?? '',
    endTime: timeOfDay(e.endTime) ?? '',
    totalStandardTickets: e.totalStandardTickets,
    standardTicketPrice: e.standardTicketPrice,
    totalVipTickets: e.totalVipTickets,
    vipTicketPrice: e.vipTicketPrice,
    organiserName: e.organiserName ?? '',
    organiserContact: e.organiserContact ?? '',
    attendeeChangesAllowed: e.attendeeChangesAllowed,
    comingSoon: e.status === 'PLANNED',
  };
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());
/** Empty numbers are sent as null (spec). */
const num = (v: number | string) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));
/** "2026-07-04" + "23:30" → "2026-07-04T23:30:00" (the API applies the overnight rule). */
const dateTime = (date: string, time: string) => (time ? (date ? `${date}T${time}:00` : time) : null);

export function toEventInput(v: EventFormValues, status: 'PLANNED' | 'PUBLISHED'): EventInput {
  return {
    title: text(v.title),
    description: text(v.description),
    location: text(v.location),
    date: text(v.date),
    startTime: dateTime(v.date, v.startTime),
    endTime: dateTime(v.date, v.endTime),
    totalStandardTickets: num(v.totalStandardTickets),
    standardTicketPrice: num(v.standardTicketPrice),
    totalVipTickets: num(v.totalVipTickets),
    vipTicketPrice: num(v.vipTicketPrice),
    organiserName: text(v.organiserName),
    organiserContact: text(v.organiserContact),
    attendeeChangesAllowed: v.attendeeChangesAllowed,
    status,
  };
}

/** The rules the forms check before sending (the API checks them again). */
export function eventFormProblem(
  v: EventFormValues,
  status: 'PLANNED' | 'PUBLISHED',
  mode: 'create' | 'edit',
): string | null {
  if (!v.title.trim()) return EVENT_MESSAGES.titleRequired;
  if (status === 'PLANNED') return null;
  if (mode === 'create' && (!v.date || !v.startTime || !v.endTime)) return EVENT_MESSAGES.selectTimes;
  const missing = missingForPublish(toEventInput(v, status));
  return missing.length > 0 ? pleaseCompleteMessage(missing) : null;
}

/**
 * A ticket type sold in releases (issue 20) takes its total and price from them: the form shows,
 * checks and sends the event's own figures for it (the server keeps them whatever it is sent).
 */
export function withLadderedFigures(
  v: EventFormValues,
  event: Pick<AdminEvent, 'totalStandardTickets' | 'standardTicketPrice' | 'totalVipTickets' | 'vipTicketPrice'>,
  laddered: ReadonlySet<TicketType>,
): EventFormValues {
  const out = { ...v };
  if (laddered.has('STANDARD')) {
    out.totalStandardTickets = event.totalStandardTickets;
    out.standardTicketPrice = event.standardTicketPrice;
  }
  if (laddered.has('VIP')) {
    out.totalVipTickets = event.totalVipTickets;
    out.vipTicketPrice = event.vipTicketPrice;
  }
  return out;
}

/** True when the end is earlier than the start: the event ends the next day. */
export function isOvernight(v: Pick<EventFormValues, 'startTime' | 'endTime'>): boolean {
  return !!v.startTime && !!v.endTime && v.endTime < v.startTime;
}
