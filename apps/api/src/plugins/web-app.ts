import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EncodedBody, preferredEncoding } from '../lib/encoded-body.ts';
import { API_ROOT } from '../paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's index.html (the SPA fallback); undefined when the client is not built. */
    serveWebApp?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

export const WEB_DIST = path.resolve(API_ROOT, '../web/dist');

/** Where the web build puts each route's page with its first view (apps/web/build/prerender.ts). */
const FIRST_VIEWS_DIR = 'first-views';

/**
 * A page as built, compressed once per encoding when first asked for (the compress plugin leaves
 * it as it is): compressing the 41 pages at start-up took ~1.2 s of CPU before the server was ready.
 */
type Page = EncodedBody;

interface FirstViewPage {
  /** Matches the paths of the route, as the client's router does (any case, a trailing slash). */
  pattern: RegExp;
  page: Page;
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
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { routes: { path: string; file: string }[] };
  const parameters = (routePath: string) => routePath.split('/').filter((s) => s.startsWith(':')).length;
  return [...manifest.routes]
    .sort((a, b) => parameters(a.path) - parameters(b.path))
    .map((route) => ({
      pattern: routePattern(route.path),
      page: pageOf(readFileSync(path.join(distDir, FIRST_VIEWS_DIR, path.basename(route.file)))),
    }));
}

/**
 * Serves the built web client: hashed assets for a year, pages never cached, and for every client
 * route (the SPA fallback, wired through the not-found handler) its page with its first view in the
 * HTML (issue 19: the heading paints before the script has run), or index.html for any other path.
 */
export default fp<{ distDir?: string }>(
  async (app, options) => {
    const distDir = options.distDir ?? WEB_DIST;
    const indexFile = path.join(distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir }, 'web client not built: run `npm run build` to serve the web app');
      return;
    }
    const indexPage = pageOf(readFileSync(indexFile));
    const firstViews = loadFirstViews(distDir);
    const pageFor = (url: string): Page => {
      const pathname = url.split(/[?#]/, 1)[0] ?? '/';
      return firstViews.find((route) => route.pattern.test(pathname))?.page ?? indexPage;
    };
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
      const page = pageFor(request.url);
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
