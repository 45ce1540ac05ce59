import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EncodedBody, preferredEncoding } from '../lib/encoded-body.ts';
import { API_ROOT } from '../paths.ts';

/**
 * The public events list as /api/events/list answers it: the same object for as long as the list
 * is unchanged (the events module's short cache), so a page rendered with it is rendered once.
 */
export type EventsListSource = () => Promise<{ readonly json: string }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's index.html (the SPA fallback); undefined when the client is not built. */
    serveWebApp?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
    /** Where the events module hands over the list that the pages showing it carry (undefined: no client). */
    webPages?: { setEventsList(source: EventsListSource): void };
  }
}

export const WEB_DIST = path.resolve(API_ROOT, '../web/dist');
/** The web's server-side build (apps/web/src/prerender.tsx, built by `vite build --ssr`). */
export const WEB_SSR = path.resolve(API_ROOT, '../web/dist-ssr/prerender.js');

/** What the server uses of the web's server-side build. */
interface WebRenderer {
  /** The one path of the page at `url` rendered with the list, or null when the page shows nothing of it. */
  pathWithEvents(url: string, events: readonly unknown[]): string | null;
  /** The markup of the app's first render at `path`, with the list in the page. */
  renderFirstRender(path: string, events: readonly unknown[]): string;
}

/** The first view in a built page, between its markers (apps/web/build/prerender.ts keeps them). */
const FIRST_VIEW = /<!--first-view-->[\s\S]*<!--\/first-view-->/;
/** The id the web app reads the embedded list from (apps/web/src/lib/embedded-events.ts). */
const EVENTS_DATA_ID = 'events-data';

/**
 * JSON inside a `<script type="application/json">`: nothing in it can end the element or open a
 * comment (`<`, `>`, `&` written as \u escapes, valid JSON), nor break a line in a script (U+2028/9).
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A built route page with `firstView` in place of its own and the list embedded for the app (raw HTML). */
export function pageWithEvents(template: string, firstView: string, listJson: string): string {
  if (!FIRST_VIEW.test(template)) throw new Error('the page has no <!--first-view--> … <!--/first-view--> markers');
  const dataBlock = `<script type="application/json" id="${EVENTS_DATA_ID}">${scriptSafeJson(listJson)}</script>`;
  const html = template.replace(FIRST_VIEW, () => `<!--first-view-->${firstView}<!--/first-view-->`);
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('the page has no </body>');
  return `${html.slice(0, at)}  ${dataBlock}\n  ${html.slice(at)}`;
}

/** Where the web build puts each route's page with its first view (apps/web/build/prerender.ts). */
const FIRST_VIEWS_DIR = 'first-views';

/**
 * A page as built, compressed once per encoding when first asked for (the compress plugin leaves
 * it as it is): compressing the 41 pages at start-up took ~1.2 s of CPU before the server was ready.
 */
type Page = EncodedBody;

interface FirstViewPage {
  /** The route's pattern, as the route table has it (`/events`). */
  path: string;
  /** Matches the paths of the route, as the client's router does (any case, a trailing slash). */
  pattern: RegExp;
  page: Page;
  /** The page carries the public events list (the route's `embedsEvents`), rendered at request time. */
  embedsEvents: boolean;
}

const pageOf = (raw: Buffer): Page => new EncodedBody(raw, 11);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/purchase/:eventId` → a pattern for `/purchase/<one segment>`. */
export function routePattern(routePath: string): RegExp {
  const segments = routePath.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

/**
 * The route pages of the build, most specific first (fewer parameters: `/admin/events/create`
 * before `/admin/events/:id`), or none when the build made none.
 */
function loadFirstViews(distDir: string): FirstViewPage[] {
  const manifestFile = path.join(distDir, FIRST_VIEWS_DIR, 'routes.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    routes: { path: string; file: string; embedsEvents?: boolean }[];
  };
  const parameters = (routePath: string) => routePath.split('/').filter((s) => s.startsWith(':')).length;
  return [...manifest.routes]
    .sort((a, b) => parameters(a.path) - parameters(b.path))
    .map((route) => ({
      path: route.path,
      pattern: routePattern(route.path),
      page: pageOf(readFileSync(path.join(distDir, FIRST_VIEWS_DIR, path.basename(route.file)))),
      embedsEvents: route.embedsEvents === true,
    }));
}

/**
 * Serves the built web client: hashed assets for a year, pages never cached, and for every client
 * route (the SPA fallback, wired through the not-found handler) its page with its first view in the
 * HTML (issue 19: the heading paints before the script has run), or index.html for any other path.
 */
export default fp<{ distDir?: string; ssrEntry?: string }>(
  async (app, options) => {
    const distDir = options.distDir ?? WEB_DIST;
    const ssrEntry = options.ssrEntry ?? WEB_SSR;
    const indexFile = path.join(distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir }, 'web client not built: run `npm run build` to serve the web app');
      return;
    }
    const indexPage = pageOf(readFileSync(indexFile));
    const firstViews = loadFirstViews(distDir);
    const pagesWithEvents = pageWithEventsRenderer(app, ssrEntry);
    const pageFor = async (url: string): Promise<Page> => {
      const pathname = url.split(/[?#]/, 1)[0] ?? '/';
      const route = firstViews.find((candidate) => candidate.pattern.test(pathname));
      if (!route) return indexPage;
      return (route.embedsEvents && (await pagesWithEvents.pageOf(route, pathname))) || route.page;
    };
    app.decorate('webPages', { setEventsList: pagesWithEvents.setEventsList });
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath);
        // The door scanner's service worker and manifest (issue 22) are checked afresh on every
        // load, so a release reaches the phones at their next visit; hashed assets are kept.
        const fresh = rel === 'sw.js' || rel.endsWith('.webmanifest');
        res.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : fresh
              ? 'no-cache'
              : 'public, max-age=3600',
        );
        if (rel.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
      },
    });
    app.decorate('serveWebApp', async (request: FastifyRequest, reply: FastifyReply) => {
      const page = await pageFor(request.url);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache, no-store, must-revalidate')
        .header('vary', 'accept-encoding');
      return encoding
        ? reply.header('content-encoding', encoding).send(await page.encode(encoding))
        : reply.send(page.raw);
    });
    app.get('/', { schema: { hide: true } }, (request, reply) => app.serveWebApp!(request, reply));
  },
  { name: 'web-app' },
);

/**
 * The pages that carry the public events list (issue 19, the web on a phone): the route's built
 * page with its first view rendered with the list by the web's server-side build, and the list
 * embedded as JSON for the app, so a phone paints the cards (and asks for the top card's artwork),
 * or a purchase page its event's headline, from the HTML alone. Rendered once per list (the events
 * module keeps one for a few seconds) and page, compressed once per encoding. Without the list's
 * source or the server-side build, or should the render fail, the route's built page is sent as
 * before: never an error page.
 */
function pageWithEventsRenderer(app: FastifyInstance, ssrEntry: string) {
  let source: EventsListSource | null = null;
  let renderer: Promise<WebRenderer | null> | null = null;
  const rendered = new WeakMap<object, { events: unknown[]; byPath: Map<string, Page> }>();
  const loadRenderer = () => {
    renderer ??= existsSync(ssrEntry)
      ? (import(pathToFileURL(ssrEntry).href) as Promise<WebRenderer>).catch((err: unknown) => {
          app.log.error({ err }, 'the web server-side build failed to load: pages are sent without their list');
          return null;
        })
      : Promise.resolve(null);
    return renderer;
  };
  return {
    setEventsList(list: EventsListSource) {
      source = list;
    },
    async pageOf(route: FirstViewPage, pathname: string): Promise<Page | null> {
      if (!source) return null;
      try {
        const [list, web] = await Promise.all([source(), loadRenderer()]);
        if (!web) return null;
        let pages = rendered.get(list);
        if (!pages) {
          pages = { events: JSON.parse(list.json) as unknown[], byPath: new Map() };
          rendered.set(list, pages);
        }
        // One page per page of the list (/purchase/12, /PURCHASE/012/ and /purchase/%31%32 are one),
        // and only for pages that show something of it: at most one per event, whatever is asked.
        const key = web.pathWithEvents(pathname, pages.events);
        if (key === null) return null;
        let page = pages.byPath.get(key);
        if (!page) {
          const firstView = web.renderFirstRender(key, pages.events);
          // Remade with the list, every few seconds at most: brotli 5, as the list itself.
          page = new EncodedBody(pageWithEvents(route.page.raw.toString(), firstView, list.json), 5);
          pages.byPath.set(key, page);
        }
        return page;
      } catch (err) {
        app.log.error({ err, route: route.path }, 'rendering a page with the events list failed: sent without it');
        return null;
      }
    },
  };
}
