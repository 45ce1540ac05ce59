import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The current month in London (APP_TIMEZONE), as "YYYY-MM", for the period selector. */
export function currentLondonMonth(now: Date = new Date()): string {
  const parts = Object.fromEntries(monthFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}
