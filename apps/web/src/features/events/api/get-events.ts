import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { embeddedEvents } from '../../../lib/embedded-events.ts';
import { eventSchemas } from './lazy-schemas.ts';
import { eventsKeys } from './query-keys.ts';

/** GET /api/events/list, checked with the shared schema (loaded on demand: lazy-schemas.ts). */
export const getEvents = () =>
  api.get('/api/events/list', { schema: () => eventSchemas().then((m) => m.EventSummaryList) });

let early: { at: number; list: ReturnType<typeof getEvents> } | null = null;
let embeddedTaken = false;

/**
 * The list the server put in the page (lib/embedded-events.ts), checked with the shared schema, the
 * first time the list is asked for; or a request, if there is none or it is not in shape.
 */
function firstList(): ReturnType<typeof getEvents> {
  const embedded = embeddedTaken ? null : embeddedEvents();
  embeddedTaken = true;
  if (!embedded) return getEvents();
  return eventSchemas()
    .then((m) => m.EventSummaryList.parse(embedded))
    .catch(() => getEvents());
}

/**
 * Asks for the list at start-up, with the page's code, instead of after the session restore and
 * the page's first render (the route table's `prefetch`: the list is public), or takes the one in
 * the page. The page's first
 * fetch takes this answer if it is at most 5 s old (the list's staleTime); later fetches ask anew.
 */
export function prefetchEvents(): void {
  early ??= { at: Date.now(), list: firstList() };
  early.list.catch(() => {});
}

function fetchEvents(): ReturnType<typeof getEvents> {
  const taken = early;
  early = null;
  return taken && Date.now() - taken.at <= 5_000 ? taken.list : getEvents();
}

/** The list's one set of options (the events page and the purchase page share the key). */
export const eventsListQuery = () =>
  queryOptions({ queryKey: eventsKeys.list(), queryFn: fetchEvents, staleTime: 5_000 });

/** The events page also refreshes the list every minute while it is open. */
export function useEvents() {
  return useQuery({ ...eventsListQuery(), refetchInterval: 60_000 });
}
