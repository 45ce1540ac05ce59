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
 * The server's render of a page that carries the events list (apps/api/src/plugins/web-app.ts), or
 * null when the page at `url` shows nothing of it (a purchase page whose event is not in the list):
 * the server then sends the page as built.
 */
export function renderWithEvents(url: string, events: readonly EventSummary[]): string | null {
  const purchase = matchPath({ path: '/purchase/:eventId', caseSensitive: false }, url);
  if (purchase && !purchaseEventOf(events, purchase.params.eventId)) return null;
  return renderFirstRender(url, events);
}

/** The route patterns whose pages carry the events list (`embedsEvents`). */
export const EVENTS_IN_PAGE_ROUTES: readonly string[] = APP_ROUTES.filter((route) => route.embedsEvents).map(
  (route) => route.path,
);
