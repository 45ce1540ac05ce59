import { AdminAttendeesPage } from '@fourfour/shared/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

/** A printed door list reads best in long pages. */
export const ATTENDEES_PAGE_SIZE = 200;

/** GET /api/admin/events/{id}/attendees: by last name, a page at a time (cursor null: the first). */
export const getEventAttendees = (eventId: number, q: string, cursor: string | null) =>
  api.get(`/api/admin/events/${eventId}/attendees`, {
    query: { size: ATTENDEES_PAGE_SIZE, cursor: cursor ?? undefined, q: q || undefined },
    schema: AdminAttendeesPage,
  });

export const eventAttendeesQuery = (eventId: number, q: string) =>
  infiniteQueryOptions({
    queryKey: adminOrdersKeys.attendees(eventId, q),
    queryFn: ({ pageParam }) => getEventAttendees(eventId, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useEventAttendees(eventId: number, q: string) {
  return useInfiniteQuery({
    ...eventAttendeesQuery(eventId, q),
    enabled: Number.isSafeInteger(eventId) && eventId > 0,
  });
}
