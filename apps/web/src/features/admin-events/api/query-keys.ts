import type { QueryClient } from '@tanstack/react-query';
import { eventsKeys } from '../../events/index.ts';

/** Every query key of Manage Events and the event editor. */
export const adminEventsKeys = {
  all: ['admin-events'] as const,
  list: () => [...adminEventsKeys.all, 'list'] as const,
  detail: (id: number) => [...adminEventsKeys.all, 'detail', id] as const,
  stats: (id: number) => [...adminEventsKeys.all, 'detail', id, 'stats'] as const,
  /** GET /api/admin/events/{id}/door: the live door view. */
  door: (id: number) => [...adminEventsKeys.all, 'detail', id, 'door'] as const,
  /** GET /api/admin/events/{id}/releases: the event's ticket releases (issue 20). */
  releases: (id: number) => [...adminEventsKeys.all, 'detail', id, 'releases'] as const,
};

/** After an event changes: the admin lists, editor and sales, and the public list. */
export const invalidateEvents = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminEventsKeys.all }),
    queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  ]);
