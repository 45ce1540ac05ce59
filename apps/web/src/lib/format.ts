import { formatPounds } from '@fourfour/shared/money';

/**
 * Display formats: money in GBP (en-GB), and dates and times as they are in London, where the
 * events happen (APP_TIMEZONE), whatever the viewer's own time zone.
 */
export const DISPLAY_TIME_ZONE = 'Europe/London';
const LOCALE = 'en-GB';

/** 12.5 → "£12.50". */
export function formatGbp(pounds: number): string {
  return formatPounds(pounds);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const longDateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const monthFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});

type Instant = Date | string | number;

function toDate(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "Sat 14 Mar 2026", assembled from parts so it reads the same in every ICU version. */
function shortDate(date: Date): string {
  const parts = Object.fromEntries(dateFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** An instant (ISO timestamp with zone, epoch ms, Date) as "Sat 14 Mar 2026" in London. */
export function formatDate(value: Instant): string {
  return shortDate(toDate(value));
}

/** An instant as "14 March 2026" in London. */
export function formatLongDate(value: Instant): string {
  return longDateFormat.format(toDate(value));
}

/** An instant as "22:00" in London. */
export function formatTime(value: Instant): string {
  return timeFormat.format(toDate(value));
}

/** An instant as "Sat 14 Mar 2026, 22:00" in London. */
export function formatDateTime(value: Instant): string {
  return `${formatDate(value)}, ${formatTime(value)}`;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const LOCAL_TIME = /T(\d{2}):(\d{2})/;

/**
 * An event's wall-clock date as the API sends it ("2026-03-14" or "2026-03-14T22:00:00", already
 * London time): formatted without any time-zone conversion. Unreadable input is returned as is.
 */
export function formatLocalDate(value: string): string {
  const match = LOCAL_DATE.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  // Noon UTC keeps the calendar day whatever zone the formatter uses.
  return shortDate(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), 12)));
}

/** "2026-03-14T22:00:00" → "22:00" (wall-clock, no conversion). */
export function formatLocalTime(value: string): string {
  const match = LOCAL_TIME.exec(value);
  return match ? `${match[1]}:${match[2]}` : value;
}

/** "2026-03" → "March 2026". */
export function formatMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return value;
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
