/** Every query key of the purchase feature (the event list is the events feature's). */
export const purchaseKeys = {
  all: ['purchase'] as const,
  /** GET /api/tickets/event-usage: whether the caller already has a free ticket for the event. */
  eventUsage: (eventId: number) => [...purchaseKeys.all, 'event-usage', eventId] as const,
};
