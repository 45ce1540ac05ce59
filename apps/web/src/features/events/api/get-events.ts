import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { eventSchemas } from './lazy-schemas.ts';
import { eventsKeys } from './query-keys.ts';

/** GET /api/events/list, checked with the shared schema (loaded on demand: lazy-schemas.ts). */
export const getEvents = () =>
  api.get('/api/events/list', { schema: () => eventSchemas().then((m) => m.EventSummaryList) });

/** The list's one set of options (the events page and the purchase page share the key). */
export const eventsListQuery = () =>
  queryOptions({ queryKey: eventsKeys.list(), queryFn: getEvents, staleTime: 5_000 });

/** The events page also refreshes the list every minute while it is open. */
export function useEvents() {
  return useQuery({ ...eventsListQuery(), refetchInterval: 60_000 });
}
