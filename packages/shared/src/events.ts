import { z } from 'zod';
import { EVENT_STATUSES, PAID_TIERS, TICKET_TYPES } from './enums.ts';
import { RELEASE_STATES } from './release-ladder.ts';

/**
 * Events: the request and response shapes, the rules and the messages shared by the API and the
 * admin forms. Times are wall-clock times in APP_TIMEZONE: `date` YYYY-MM-DD, `startTime` and
 * `endTime` YYYY-MM-DDTHH:MM:00; an end earlier than the start ends the next day.
 */

// Messages and badge names live in a zod-free module, so a page that shows them does not load zod.
import { EVENT_MESSAGES } from './event-messages.ts';
import { CursorPage, cursorQuery, type SortOptions, searchParam, sortParam } from './paging.ts';

export { EVENT_BADGES, EVENT_MESSAGES, pleaseCompleteMessage } from './event-messages.ts';

export const EventStatus = z.enum(EVENT_STATUSES);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A wall-clock time, either the full `YYYY-MM-DDTHH:MM(:SS)` the spec sends or a bare `HH:MM`. */
const TIME_RE = /^(?:\d{4}-\d{2}-\d{2}T)?([01]\d|2[0-3]):([0-5]\d)(?::00(?:\.0+)?)?$/;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const optionalText = z.preprocess(blankToNull, z.string().trim().max(5000).nullish());
const optionalDate = z.preprocess(
  blankToNull,
  z.string().regex(DATE_RE, EVENT_MESSAGES.dateInvalid).refine(isRealDate, EVENT_MESSAGES.dateInvalid).nullish(),
);
const optionalTime = z.preprocess(blankToNull, z.string().regex(TIME_RE, EVENT_MESSAGES.timeInvalid).nullish());

/** Ticket totals: whole numbers >= 0; an empty number is sent as null and means 0. */
const ticketTotal = z.preprocess(
  blankToNull,
  z
    .number({ error: EVENT_MESSAGES.totalsInvalid })
    .int(EVENT_MESSAGES.totalsInvalid)
    .min(0, EVENT_MESSAGES.totalsInvalid)
    .max(1_000_000, EVENT_MESSAGES.totalsInvalid)
    .nullish(),
);

/** Prices in pounds, >= 0, at most two decimals; empty means 0. */
export const PoundsPrice = z
  .number({ error: EVENT_MESSAGES.priceInvalid })
  .min(0, EVENT_MESSAGES.priceInvalid)
  .max(100_000, EVENT_MESSAGES.priceInvalid)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, EVENT_MESSAGES.priceInvalid);
const optionalPrice = z.preprocess(blankToNull, PoundsPrice.nullish());

/**
 * The `data` part of create and edit. On edit, a field left out keeps its value; null clears it
 * (numbers: 0). `imageUrl: "REMOVE"` deletes the artwork.
 */
export const EventInput = z.object({
  title: z.preprocess(blankToNull, z.string({ error: EVENT_MESSAGES.titleRequired }).trim().max(200).nullish()),
  description: optionalText,
  location: z.preprocess(blankToNull, z.string().trim().max(300).nullish()),
  date: optionalDate,
  startTime: optionalTime,
  endTime: optionalTime,
  totalStandardTickets: ticketTotal,
  totalVipTickets: ticketTotal,
  standardTicketPrice: optionalPrice,
  vipTicketPrice: optionalPrice,
  status: EventStatus.optional(),
  imageUrl: z.string().nullish(),
  /** A third-party organiser; empty = the product runs the event (cancellations refund). */
  organiserName: z.preprocess(blankToNull, z.string().trim().max(200).nullish()),
  organiserContact: z.preprocess(blankToNull, z.string().trim().max(300).nullish()),
  /** Issue 21: fans may change attendee names on their tickets (until 24 hours before); default true. */
  attendeeChangesAllowed: z.boolean().nullish(),
});
export type EventInput = z.infer<typeof EventInput>;

/**
 * PUT /api/admin/events/{id}/prices: a price left out keeps its value; an empty one is 0, which a
 * published event refuses ('Please complete: ...').
 */
export const EventPricesBody = z.object({
  standardTicketPrice: optionalPrice,
  vipTicketPrice: optionalPrice,
});
export type EventPricesBody = z.infer<typeof EventPricesBody>;

/** The fields an event needs before it can be published, as the spec names them. */
export interface PublishableFields {
  title?: string | null;
  description?: string | null;
  location?: string | null;
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  standardTicketPrice?: number | null;
  vipTicketPrice?: number | null;
  totalStandardTickets?: number | null;
  totalVipTickets?: number | null;
}

const isBlank = (v: string | null | undefined) => !v || v.trim() === '';

/** The prices' part of the publishing check; a published event's price change must pass it too. */
export function missingPrices(e: Pick<PublishableFields, 'standardTicketPrice' | 'vipTicketPrice'>): string[] {
  const missing: string[] = [];
  if (!(Number(e.standardTicketPrice) > 0)) missing.push('standard ticket price');
  if (!(Number(e.vipTicketPrice) > 0)) missing.push('vip ticket price');
  return missing;
}

/** The spec's completeness check for publishing: the names of what is missing, in its order. */
export function missingForPublish(e: PublishableFields): string[] {
  const missing: string[] = [];
  if (isBlank(e.title)) missing.push('title');
  if (isBlank(e.description)) missing.push('description');
  if (isBlank(e.location)) missing.push('location');
  if (isBlank(e.date)) missing.push('date');
  if (isBlank(e.startTime)) missing.push('start time');
  if (isBlank(e.endTime)) missing.push('end time');
  missing.push(...missingPrices(e));
  if (!(Number(e.totalStandardTickets ?? 0) + Number(e.totalVipTickets ?? 0) > 0))
    missing.push('ticket totals (std or VIP)');
  return missing;
}

/** "2026-07-04T23:30:00" or "23:30" → "23:30"; null when unreadable. */
export function timeOfDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = TIME_RE.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}

/** Adds days to a YYYY-MM-DD calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The overnight rule: the start is on `date`; an end earlier than the start ends the next day.
 * Answers wall-clock date-times (`YYYY-MM-DDTHH:MM:00`), or null when the end equals the start.
 */
export function resolveLocalTimes(
  date: string,
  startTime: string,
  endTime: string | null | undefined,
): { start: string; end: string | null } | null {
  const start = timeOfDay(startTime);
  if (!start) return null;
  const startLocal = `${date}T${start}:00`;
  const end = timeOfDay(endTime);
  if (!end) return { start: startLocal, end: null };
  if (end === start) return null;
  const endDate = end < start ? addDays(date, 1) : date;
  return { start: startLocal, end: `${endDate}T${end}:00` };
}

const LocalDateTime = z.string().describe('YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE');

/** A public ticket release as the list answers it (issue 20; packages/shared/src/releases.ts). */
export const PublicRelease = z.object({
  id: z.number(),
  ticketType: z.enum(TICKET_TYPES),
  name: z.string(),
  /** Pounds. */
  price: z.number(),
  remaining: z.number(),
  state: z.enum(RELEASE_STATES),
  /** ISO instant of its start, or null. */
  salesStart: z.string().nullable(),
  /** null: anyone may buy it; else the lowest membership tier that may. */
  membersOnlyTier: z.enum(PAID_TIERS).nullable(),
});

export type PublicRelease = z.infer<typeof PublicRelease>;

/** An event as the list, the admin screens and every write answer it. */
export const EventSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  date: z.string().nullable().describe('YYYY-MM-DD, local to APP_TIMEZONE'),
  startTime: LocalDateTime.nullable(),
  endTime: LocalDateTime.nullable(),
  /** The same instants as ISO timestamps (UTC), for countdowns in any browser zone. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  imageUrl: z.string(),
  hasCustomImage: z.boolean(),
  status: EventStatus,
  cancelled: z.boolean(),
  totalStandardTickets: z.number(),
  totalVipTickets: z.number(),
  remainingStandardTickets: z.number(),
  remainingVipTickets: z.number(),
  standardTicketPrice: z.number(),
  standardPrice: z.number(),
  vipTicketPrice: z.number(),
  vipPrice: z.number(),
  /** null: FourFour runs the event. */
  organiserName: z.string().nullable(),
  /**
   * The public releases of both types in order (issue 20); empty when the event sells at one price
   * per type. Then the totals, remaining counts and prices above are the releases': totals their
   * sum, remaining what is on sale in them, the price the current one's.
   */
  releases: z.array(PublicRelease),
});
export type EventSummary = z.infer<typeof EventSummary>;
/** GET /api/events/list. */
export const EventSummaryList = z.array(EventSummary);

export const AdminEvent = EventSummary.extend({
  organiserContact: z.string().nullable(),
  /** Fans may change attendee names from My tickets (issue 21). */
  attendeeChangesAllowed: z.boolean(),
  soldStandardTickets: z.number(),
  soldVipTickets: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminEvent = z.infer<typeof AdminEvent>;
/**
 * Manage Events pages by cursor (events accumulate year after year). `relevance` (the default) is
 * the page's order: upcoming and draft events soonest first (undated last), then past and
 * cancelled ones latest first.
 */
export const ADMIN_EVENT_SORT_FIELDS = ['relevance', 'startsAt', 'title', 'id'] as const;
export const ADMIN_EVENT_SORT: SortOptions<(typeof ADMIN_EVENT_SORT_FIELDS)[number]> = {
  fields: ADMIN_EVENT_SORT_FIELDS,
  default: 'relevance,ASC',
};
/** GET /api/admin/events: `q` matches part of the title or location. */
export const AdminEventsQuery = cursorQuery({}, { sort: sortParam(ADMIN_EVENT_SORT), q: searchParam(100) });
export type AdminEventsQuery = z.input<typeof AdminEventsQuery>;
export const AdminEventsPage = CursorPage(AdminEvent);
export type AdminEventsPage = z.infer<typeof AdminEventsPage>;

export const EventStats = z.object({
  totalTicketsSold: z.number(),
  standardTicketsSold: z.number(),
  vipTicketsSold: z.number(),
  /** Pounds. */
  totalRevenue: z.number(),
});
export type EventStats = z.infer<typeof EventStats>;

/** GET /api/tickets/tickets-per-event: event id → the caller's tickets for it. */
export const TicketsPerEvent = z.record(z.string(), z.number());
export type TicketsPerEvent = z.infer<typeof TicketsPerEvent>;

/** How an event shows on Manage Events, in the spec's order (spec 02 §4). */
export type EventDisplayState = 'CANCELLED' | 'COMING_SOON' | 'PAST' | 'UPCOMING';
export function eventDisplayState(
  e: Pick<EventSummary, 'cancelled' | 'status' | 'startsAt'>,
  now = Date.now(),
): EventDisplayState {
  if (e.cancelled) return 'CANCELLED';
  if (e.status === 'PLANNED') return 'COMING_SOON';
  if (isEventPast(e, now)) return 'PAST';
  return 'UPCOMING';
}

/** Past: the start is earlier than now. An undated event is never past. */
export function isEventPast(e: Pick<EventSummary, 'startsAt'>, now = Date.now()): boolean {
  return !!e.startsAt && Date.parse(e.startsAt) < now;
}
