import { AdminEvent } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminEventsKeys } from './query-keys.ts';

export const getAdminEvent = (id: number) => api.get(`/api/admin/events/${id}`, { schema: AdminEvent });

export const adminEventQuery = (id: number) =>
  queryOptions({
    queryKey: adminEventsKeys.detail(id),
    queryFn: () => getAdminEvent(id),
    enabled: Number.isFinite(id),
  });

export function useAdminEvent(id: number) {
  return useQuery(adminEventQuery(id));
}
