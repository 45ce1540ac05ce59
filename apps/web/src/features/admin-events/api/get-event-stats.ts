import { EventStats } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminEventsKeys } from './query-keys.ts';

export const getEventStats = (id: number) => api.get(`/api/admin/events/${id}/stats`, { schema: EventStats });

export const eventStatsQuery = (id: number) =>
  queryOptions({ queryKey: adminEventsKeys.stats(id), queryFn: () => getEventStats(id) });

export function useEventStats(id: number) {
  return useQuery(eventStatsQuery(id));
}
