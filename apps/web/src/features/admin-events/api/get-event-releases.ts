import { AdminReleaseList } from '@fourfour/shared/releases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminEventsKeys } from './query-keys.ts';

/** GET /api/admin/events/{id}/releases: both types' releases in order, hidden ones and their stock included. */
export const getEventReleases = (id: number) =>
  api.get(`/api/admin/events/${id}/releases`, { schema: AdminReleaseList });

export const eventReleasesQuery = (id: number) =>
  queryOptions({
    queryKey: adminEventsKeys.releases(id),
    queryFn: () => getEventReleases(id),
    enabled: Number.isFinite(id),
  });

export function useEventReleases(id: number) {
  return useQuery(eventReleasesQuery(id));
}
