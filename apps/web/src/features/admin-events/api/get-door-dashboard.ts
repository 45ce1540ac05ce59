import { DOOR_DASHBOARD_POLL_MS, DoorDashboard } from '@fourfour/shared/door';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminEventsKeys } from './query-keys.ts';

/** GET /api/admin/events/{id}/door: the live door, polled every 5 seconds while the page is open. */
export const getDoorDashboard = async (id: number) =>
  DoorDashboard.parse(await api.get(`/api/admin/events/${id}/door`));

export const doorDashboardQuery = (id: number) =>
  queryOptions({
    queryKey: adminEventsKeys.door(id),
    queryFn: () => getDoorDashboard(id),
    refetchInterval: DOOR_DASHBOARD_POLL_MS,
    refetchIntervalInBackground: false,
  });

export function useDoorDashboard(id: number) {
  return useQuery({ ...doorDashboardQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
}
