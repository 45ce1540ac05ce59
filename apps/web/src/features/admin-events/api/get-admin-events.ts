import { AdminEventsPage } from '@fourfour/shared/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminEventsKeys } from './query-keys.ts';

export const ADMIN_EVENTS_PAGE_SIZE = 20;

/** GET /api/admin/events?size=&cursor=: Manage Events in the server's order, a page at a time (null: the first). */
export const getAdminEvents = (cursor: string | null) =>
  api.get('/api/admin/events', {
    query: { size: ADMIN_EVENTS_PAGE_SIZE, cursor: cursor ?? undefined },
    schema: AdminEventsPage,
  });

export const adminEventsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminEventsKeys.list(),
    queryFn: ({ pageParam }) => getAdminEvents(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAdminEvents() {
  return useInfiniteQuery(adminEventsQuery());
}
