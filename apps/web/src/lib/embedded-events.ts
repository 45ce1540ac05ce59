import type { EventSummary, TicketsPerEvent } from '@fourfour/shared/events';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * The public events list in the page's HTML (issue 19, the web on a phone): the server puts the
 * list it answers at /api/events/list into the pages that show it (/events) as a JSON data block,
 * and renders their first view with it, so a phone paints the cards, and starts fetching the top
 * card's artwork, before any script has loaded. The app's first view shows the same cards from
 * the same data (no skeleton in between), and the list's first fetch takes it, checked with the
 * shared schema, instead of asking the server again (features/events/api/get-events.ts). Here in
 * lib, not in the events feature, because the purchase page's first view reads it too, and the
 * shell (where first views live) should not carry the events feature's request code.
 *
 * The cards' code is the events page's (features/events/event-grid.tsx), not the shell's, so that other pages do not
 * load it: a page with a list in it loads it with the shell's code (its HTML preloads it with the
 * page's) and the app renders once it is there (main.tsx); the server's render has it at once.
 */
export const EMBEDDED_EVENTS_ID = 'events-data';

/** The embedded list, unchecked: shown by the first view only, never kept in the query cache as it is. */
export const EmbeddedEventsContext = createContext<readonly EventSummary[] | null>(null);

let current = true;

/** The embedded list, while no list has been fetched since the page loaded (then it is out of date). */
export function useEmbeddedEvents(): readonly EventSummary[] | null {
  const list = useContext(EmbeddedEventsContext);
  return current ? list : null;
}

/** The events page has its list: from now on, a list still loading shows the loading cards. */
export function embeddedEventsReplaced(): void {
  current = false;
}

let read: { list: unknown[] | null } | null = null;

/** The list in the page's `<script type="application/json" id="events-data">`, or null (none, or not a JSON array). */
export function embeddedEvents(doc: Document | undefined = globalThis.document): unknown[] | null {
  if (read) return read.list;
  let list: unknown[] | null = null;
  try {
    const parsed: unknown = JSON.parse(doc?.getElementById(EMBEDDED_EVENTS_ID)?.textContent ?? 'null');
    list = Array.isArray(parsed) ? parsed : null;
  } catch {
    list = null;
  }
  read = { list };
  return list;
}

/** Forgets what was read (tests). */
export function forgetEmbeddedEvents(): void {
  read = null;
  current = true;
}

/** The events page's cards (features/events/event-grid.tsx `EventGrid`). */
type EventGridComponent = ComponentType<{ events: readonly EventSummary[]; ticketCounts?: TicketsPerEvent }>;

let grid: EventGridComponent | null = null;

/** The cards' component, once loaded (main.tsx, the events page's module; prerender.tsx on the server). */
export function provideEventGrid(component: EventGridComponent): void {
  grid = component;
}

/** The cards' component, or null while it is not loaded (the first view then shows the loading cards). */
export const embeddedEventGrid = () => grid;
