/** Every query key of the tickets feature: one factory, so one key has one set of options. */
export const ticketsKeys = {
  all: ['tickets'] as const,
  mine: (includePast: boolean) => [...ticketsKeys.all, 'mine', includePast] as const,
  detail: (ticketId: string | null) => [...ticketsKeys.all, 'mine', 'detail', ticketId] as const,
  /** GET /api/account/free-tickets (also read by the purchase page's free-ticket rule). */
  freeUsage: () => [...ticketsKeys.all, 'free-usage'] as const,
};
