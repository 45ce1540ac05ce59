/**
 * The first views in the HTML (issue 19, the web on a phone): built by `vite build --ssr` into
 * build/.prerender and run by build/prerender.ts after the client build, which writes each route's
 * page. It renders the app as its first render in a browser renders it, with nothing known yet: the
 * session being restored (the header's placeholders), the route's first view (app/first-views.tsx)
 * or the home page, the footer. Nothing here reads data or a session, so a page holds nobody's data.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { APP_ROUTES } from './app/route-table.ts';
import { AppRoutes } from './app/router.tsx';
import { documentTitle } from './components/page-title.tsx';

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

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * React's marks for hydration (`<!--$-->`, `<!--$!-->`, `<template>`: a lazy page suspends, its
 * boundary shows the first view). The app does not hydrate: its first render replaces the markup.
 */
const SUSPENSE_MARKS = /<!--\/?\$[!?]?-->|<template\b[^>]*>[\s\S]*?<\/template>/g;
/** React hoists a page's <title> to the head; the page gets its title from the route table instead. */
const TITLES = /<title>[\s\S]*?<\/title>/g;

/** The markup of the app's first render at `url`. */
export function renderFirstRender(url: string): string {
  const markup = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
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
