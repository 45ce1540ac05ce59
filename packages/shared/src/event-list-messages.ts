/**
 * What the public events list shows (spec wording) and the badge names: zod-free and small, because
 * the /events first load imports it (bench/web-size.ts). event-messages.ts builds EVENT_MESSAGES with these.
 */
export const EVENT_LIST_MESSAGES = {
  fetchFailed: 'Failed to fetch events.',
  noUpcoming: 'No upcoming events.',
  purchaseClosed: 'Ticket purchase closed',
} as const;

export const EVENT_BADGES = {
  comingSoon: 'Coming soon',
  cancelled: 'Cancelled',
  soldOut: 'Sold out',
  lastTickets: 'Last tickets',
} as const;
