import type { EventStats } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getEventStats = (id: number) => api.get<EventStats>(`/api/admin/events/${id}/stats`);

export const eventStatsQuery = (id: number) =>
  queryOptions({ queryKey: ['events', 'admin', id, 'stats'], queryFn: () => getEventStats(id) });

export function useEventStats(id: number) {
  return useQuery(eventStatsQuery(id));
}
