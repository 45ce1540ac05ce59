import type { EventSummary } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getEvents = () => api.get<EventSummary[]>('/api/events/list');

export const eventsQuery = () =>
  queryOptions({ queryKey: ['events', 'list'], queryFn: getEvents, staleTime: 15_000, refetchInterval: 60_000 });

export function useEvents() {
  return useQuery(eventsQuery());
}
