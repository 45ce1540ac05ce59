import type { AdminEvent } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getAdminEvents = () => api.get<AdminEvent[]>('/api/admin/events');

export const adminEventsQuery = () => queryOptions({ queryKey: ['events', 'admin'], queryFn: getAdminEvents });

export function useAdminEvents() {
  return useQuery(adminEventsQuery());
}
