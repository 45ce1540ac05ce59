/**
 * Writes each route's page with its first view in the HTML (issue 19, the web on a phone), after
 * `vite build` and `vite build --ssr src/prerender.tsx`: the built index.html with the route's first
 * render (src/prerender.tsx) inside #root instead of the static header, and its title. The server
 * sends a route's page for the paths it matches (apps/api/src/plugins/web-app.ts reads
 * `dist/first-views/routes.json`); any other path gets index.html as before.
 *
 *   node --import tsx build/prerender.ts
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PrerenderedPage } from '../src/prerender.tsx';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB_ROOT, 'dist');
const OUT = path.join(DIST, 'first-views');
const SSR_ENTRY = path.join(WEB_ROOT, 'dist-ssr/prerender.js');

/** One page per route, and the list the server matches paths against. */
export interface FirstViewManifest {
  /** `embedsEvents`: the server renders the page's first view again with the events list (the route's flag). */
  routes: { path: string; file: string; embedsEvents?: true }[];
}

const FIRST_VIEW = /<!--first-view-->[\s\S]*<!--\/first-view-->/;
const TITLE = /<title>[^<]*<\/title>/;

/** Where Vite writes its build manifest (`build.manifest` in vite.config.ts). */
const BUILD_MANIFEST = path.join(DIST, '.vite/manifest.json');

/** A chunk of Vite's build manifest, keyed by its source module (`src/app/account-route.tsx`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** A route table entry's pattern and the module its page is imported from. */
const ROUTE_PAGE = /path: '([^']+)',\s*page: \(\) =>\s*import\('([^']+)'\)/g;

/** Each route's page module, as a manifest key: `/account` → `src/app/account-route.tsx`. */
export function routePageModules(routeTableSource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, routePath, specifier] of routeTableSource.matchAll(ROUTE_PAGE)) {
    modules.set(routePath as string, path.posix.join('src/app', specifier as string));
  }
  return modules;
}

/** The files the shell's HTML loads (every `src` and `href`: its stylesheet, its code): every page has them. */
export function shellFiles(template: string): Set<string> {
  if (!template.includes('<template id="app-code">')) throw new Error('index.html has no <template id="app-code">');
  return new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1] as string));
}

/**
 * The tags that fetch a page's own code with the shell's (issue 19): its chunk and every chunk it
 * imports, then their stylesheets, minus what the shell loads already. Without them the page's
 * thirty-odd small files were asked for only once the shell had run and looked the route up; with
 * them they leave alongside the shell's code (the page's `import()` then finds them loaded).
 */
export function pagePreloads(
  manifest: BuildManifest,
  pageModule: string,
  shell: Set<string>,
  { styles: withStyles = true }: { styles?: boolean } = {},
): string[] {
  const { scripts, styles } = pageFiles(manifest, pageModule, shell);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...(withStyles ? styles.map((file) => `<link rel="preload" as="style" href="/${file}">`) : []),
  ];
}

/**
 * A page's stylesheets as stylesheets of the HTML's head, for a page whose first view the server
 * renders with the page's own components (`embedsEvents`): their rules must be there when the HTML
 * first paints, or the cards painted without them (an image without its frame) move when the app
 * loads them (a layout shift of 0.21 on a phone). A few small files, asked for with the shell's.
 */
export function pageStylesheets(manifest: BuildManifest, pageModule: string, shell: Set<string>): string[] {
  return pageFiles(manifest, pageModule, shell).styles.map(
    (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
  );
}

/** The page's chunk and every chunk it imports, and their stylesheets, minus the shell's. */
function pageFiles(manifest: BuildManifest, pageModule: string, shell: Set<string>) {
  if (!manifest[pageModule]) throw new Error(`the build manifest has no chunk for ${pageModule}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(pageModule);
  const chunks = [...seen].map((key) => manifest[key] as ManifestChunk);
  return {
    scripts: chunks.map((chunk) => chunk.file).filter((file) => !shell.has(file)),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !shell.has(file)),
  };
}

/** The route's page: the shell's HTML with its first view and title, its code's preloads, and stylesheets for its head. */
export function pageOf(
  template: string,
  page: PrerenderedPage,
  preloads: string[] = [],
  headTags: string[] = [],
): string {
  if (!FIRST_VIEW.test(template)) throw new Error('index.html has no <!--first-view--> … <!--/first-view--> in #root');
  if (!TITLE.test(template)) throw new Error('index.html has no <title>');
  // The markers stay: the server renders the first view of some pages again, with data (`embedsEvents`).
  let html = template
    .replace(FIRST_VIEW, () => `<!--first-view-->${page.html}<!--/first-view-->`)
    .replace(TITLE, () => `<title>${page.title}</title>`);
  if (headTags.length > 0) html = html.replace('</head>', () => `  ${headTags.join('\n    ')}\n  </head>`);
  if (preloads.length === 0) return html;
  // After the shell's script, inside the template start-app.js puts into the document.
  const end = html.lastIndexOf('</template>');
  return `${html.slice(0, end)}  ${preloads.join('\n      ')}\n    ${html.slice(end)}`;
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
  const { prerenderRoutes, EVENTS_IN_PAGE_ROUTES } = (await import(
    pathToFileURL(SSR_ENTRY).href
  )) as typeof import('../src/prerender.tsx');
  const embedsEvents = new Set(EVENTS_IN_PAGE_ROUTES);
  const template = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  if (!existsSync(BUILD_MANIFEST)) throw new Error(`${BUILD_MANIFEST} is missing: vite.config.ts sets build.manifest`);
  const build = JSON.parse(readFileSync(BUILD_MANIFEST, 'utf8')) as BuildManifest;
  // Read here only; not a file to serve.
  rmSync(path.dirname(BUILD_MANIFEST), { recursive: true, force: true });
  const pageModules = routePageModules(readFileSync(path.join(WEB_ROOT, 'src/app/route-table.ts'), 'utf8'));
  const shell = shellFiles(template);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const manifest: FirstViewManifest = { routes: [] };
  for (const page of prerenderRoutes()) {
    const file = fileNameOf(page.path);
    const pageModule = pageModules.get(page.path);
    const withData = embedsEvents.has(page.path);
    const preloads = pageModule ? pagePreloads(build, pageModule, shell, { styles: !withData }) : [];
    const headTags = pageModule && withData ? pageStylesheets(build, pageModule, shell) : [];
    writeFileSync(path.join(OUT, file), pageOf(template, page, preloads, headTags));
    manifest.routes.push({ path: page.path, file, ...(withData ? { embedsEvents: true } : {}) });
  }
  writeFileSync(path.join(OUT, 'routes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`first views: ${manifest.routes.length} pages in ${path.relative(WEB_ROOT, OUT)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
