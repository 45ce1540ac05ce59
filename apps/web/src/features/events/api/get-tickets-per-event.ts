import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { eventSchemas } from './lazy-schemas.ts';
import { eventsKeys } from './query-keys.ts';

/** GET /api/tickets/tickets-per-event: event id → the caller's tickets (schema loaded on demand). */
export const getTicketsPerEvent = () =>
  api.get('/api/tickets/tickets-per-event', { schema: () => eventSchemas().then((m) => m.TicketsPerEvent) });

export const ticketsPerEventQuery = () =>
  queryOptions({ queryKey: eventsKeys.myTicketCounts(), queryFn: getTicketsPerEvent, staleTime: 15_000 });

export function useTicketsPerEvent() {
  return useQuery(ticketsPerEventQuery());
}
