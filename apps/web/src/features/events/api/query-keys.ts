/** Every query key of the events feature: one factory, so one key has one set of options. */
export const eventsKeys = {
  all: ['events'] as const,
  /** GET /api/events/list (also read by the purchase page). */
  list: () => [...eventsKeys.all, 'list'] as const,
  /** GET /api/tickets/tickets-per-event: the caller's tickets per event. */
  myTicketCounts: () => [...eventsKeys.all, 'my-ticket-counts'] as const,
};
