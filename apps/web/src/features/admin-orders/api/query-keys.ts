/** Every query key of the back office (issue 21): orders, one order, an event's attendees. */
export const adminOrdersKeys = {
  all: ['admin-orders'] as const,
  /** GET /api/admin/orders with its filters. */
  list: (filter: { eventId?: number; q?: string; status?: string }) =>
    [...adminOrdersKeys.all, 'list', filter] as const,
  /** GET /api/admin/orders/{id}. */
  detail: (id: string) => [...adminOrdersKeys.all, 'detail', id] as const,
  /** GET /api/admin/events/{id}/attendees. */
  attendees: (eventId: number, q: string) => [...adminOrdersKeys.all, 'attendees', eventId, q] as const,
  /** GET /api/admin/events/{id}/messages. */
  messages: (eventId: number) => [...adminOrdersKeys.all, 'messages', eventId] as const,
};
