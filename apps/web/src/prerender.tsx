/**
 * The first views in the HTML (issue 19, the web on a phone): built by `vite build --ssr` into
 * dist-ssr and run by build/prerender.ts after the client build, which writes each route's page. It
 * renders the app as its first render in a browser renders it, with nothing known yet: the session
 * being restored (the header's placeholders), the route's first view (app/first-views.tsx) or the
 * home page, the footer. Nothing here reads a session, so a page holds nobody's data.
 *
 * The server also runs it (apps/api/src/plugins/web-app.ts) for the routes that carry the public
 * events list (`embedsEvents`): their first view rendered with the list it answers at
 * /api/events/list, as the app's first render shows it with the list embedded in the page.
 */
import type { EventSummary } from '@fourfour/shared/events';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { APP_ROUTES } from './app/route-table.ts';
import { AppRoutes } from './app/router.tsx';
import { documentTitle } from './components/page-title.tsx';
import { EmbeddedEventsContext, provideEventGrid } from './lib/embedded-events.ts';
import { EventGrid } from './features/events/event-grid.tsx';
import { purchaseEventOf } from './features/purchase/purchase-first-view.tsx';

export interface PrerenderedPage {
  /** The route's pattern, as the route table has it (`/purchase/:eventId`). */
  path: string;
  /** The document title the page sets, as HTML. */
  title: string;
  /** What goes inside `#root`. */
  html: string;
}

/** A URL the pattern matches: any value of a parameter renders the same first view. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, '0');
}

// The server renders the cards of a page with the events list at once (the browser loads their code first).
provideEventGrid(EventGrid);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * React's marks for hydration (`<!--$-->`, `<!--$!-->`, `<template>`: a lazy page suspends, its
 * boundary shows the first view). The app does not hydrate: its first render replaces the markup.
 */
const SUSPENSE_MARKS = /<!--\/?\$[!?]?-->|<template\b[^>]*>[\s\S]*?<\/template>/g;
/** React hoists a page's <title> to the head; the page gets its title from the route table instead. */
const TITLES = /<title>[\s\S]*?<\/title>/g;

/** The markup of the app's first render at `url`, with the events list embedded in its page, if any. */
export function renderFirstRender(url: string, events: readonly EventSummary[] | null = null): string {
  const markup = renderToString(
    <StrictMode>
      <EmbeddedEventsContext value={events}>
        <AppProviders>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </EmbeddedEventsContext>
    </StrictMode>,
  );
  return markup.replace(SUSPENSE_MARKS, '').replace(TITLES, '');
}

/** Every route of the route table, rendered. */
export function prerenderRoutes(): PrerenderedPage[] {
  return APP_ROUTES.map((route) => ({
    path: route.path,
    title: escapeHtml(documentTitle(route.title)),
    html: renderFirstRender(sampleUrl(route.path)),
  }));
}

/**
 * The path of the page at `url` as the server renders it with the events list (apps/api/src/plugins/
 * web-app.ts): one per page whatever spelling was asked for (`/PURCHASE/07/` → `/purchase/7`), or
 * null when the page shows nothing of the list, and the server then sends the page as built. A
 * parameter of such a route names an event, which must be in the list. The server keeps one render
 * per path, so there is at most one per event, whatever is asked.
 */
export function pathWithEvents(url: string, events: readonly EventSummary[]): string | null {
  let pathname: string;
  try {
    // As the browser's router matches it: the path decoded.
    pathname = decodeURI(url);
  } catch {
    return null;
  }
  for (const pattern of EVENTS_IN_PAGE_ROUTES) {
    const match = matchPath({ path: pattern, caseSensitive: false }, pathname);
    if (!match) continue;
    let path = pattern;
    for (const [name, value] of Object.entries(match.params)) {
      const event = purchaseEventOf(events, value);
      if (!event) return null;
      path = path.replace(`:${name}`, String(event.id));
    }
    return path;
  }
  return null;
}

/** The route patterns whose pages carry the events list (`embedsEvents`). */
export const EVENTS_IN_PAGE_ROUTES: readonly string[] = APP_ROUTES.filter((route) => route.embedsEvents).map(
  (route) => route.path,
);
