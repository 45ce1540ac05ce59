/**
 * Writes each route's page with its first view in the HTML (issue 19, the web on a phone), after
 * `vite build` and `vite build --ssr src/prerender.tsx`: the built index.html with the route's first
 * render (src/prerender.tsx) inside #root instead of the static header, and its title. The server
 * sends a route's page for the paths it matches (apps/api/src/plugins/web-app.ts reads
 * `dist/first-views/routes.json`); any other path gets index.html as before.
 *
 *   node --import tsx build/prerender.ts
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PrerenderedPage } from '../src/prerender.tsx';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB_ROOT, 'dist');
const OUT = path.join(DIST, 'first-views');
const SSR_ENTRY = path.join(WEB_ROOT, 'build/.prerender/prerender.js');

/** One page per route, and the list the server matches paths against. */
export interface FirstViewManifest {
  routes: { path: string; file: string }[];
}

const FIRST_VIEW = /<!--first-view-->[\s\S]*<!--\/first-view-->/;
const TITLE = /<title>[^<]*<\/title>/;

/** The route's page: the shell's HTML with its first view and title. */
export function pageOf(template: string, page: PrerenderedPage): string {
  if (!FIRST_VIEW.test(template)) throw new Error('index.html has no <!--first-view--> … <!--/first-view--> in #root');
  if (!TITLE.test(template)) throw new Error('index.html has no <title>');
  return template.replace(FIRST_VIEW, () => page.html).replace(TITLE, () => `<title>${page.title}</title>`);
}

/** `/purchase/:eventId` → `purchase-eventid.html`, `/` → `home.html`. */
export function fileNameOf(routePath: string): string {
  const name = routePath
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${name || 'home'}.html`;
}

async function main() {
  // React's server renderer reads NODE_ENV when it is first imported (by the prerender bundle).
  process.env.NODE_ENV ??= 'production';
  const { prerenderRoutes } = (await import(pathToFileURL(SSR_ENTRY).href)) as typeof import('../src/prerender.tsx');
  const template = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const manifest: FirstViewManifest = { routes: [] };
  for (const page of prerenderRoutes()) {
    const file = fileNameOf(page.path);
    writeFileSync(path.join(OUT, file), pageOf(template, page));
    manifest.routes.push({ path: page.path, file });
  }
  writeFileSync(path.join(OUT, 'routes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`first views: ${manifest.routes.length} pages in ${path.relative(WEB_ROOT, OUT)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
