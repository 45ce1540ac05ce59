import type { AdminEvent } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getAdminEvent = (id: number) => api.get<AdminEvent>(`/api/admin/events/${id}`);

export const adminEventQuery = (id: number) =>
  queryOptions({ queryKey: ['events', 'admin', id], queryFn: () => getAdminEvent(id), enabled: Number.isFinite(id) });

export function useAdminEvent(id: number) {
  return useQuery(adminEventQuery(id));
}
