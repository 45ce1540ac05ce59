import type { TicketsPerEvent } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getTicketsPerEvent = () => api.get<TicketsPerEvent>('/api/tickets/tickets-per-event');

export const ticketsPerEventQuery = () =>
  queryOptions({ queryKey: ['tickets', 'per-event'], queryFn: getTicketsPerEvent, staleTime: 15_000 });

export function useTicketsPerEvent() {
  return useQuery(ticketsPerEventQuery());
}
