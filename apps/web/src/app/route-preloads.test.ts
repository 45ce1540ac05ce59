import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BuildManifest,
  pageOf,
  pagePreloads,
  pageStylesheets,
  routePageModules,
  shellFiles,
} from '../../build/prerender.ts';
import { APP_ROUTES } from './route-table.ts';

const WEB_ROOT = path.resolve(import.meta.dirname, '../..');

/** Each route's HTML names its page's code, so it loads with the shell's (build/prerender.ts). */
describe("a route's page code in its HTML", () => {
  it("finds every lazy route's page module in the route table, as a file that exists", () => {
    const modules = routePageModules(readFileSync(path.join(WEB_ROOT, 'src/app/route-table.ts'), 'utf8'));
    const lazyRoutes = APP_ROUTES.filter((route) => typeof route.page === 'function').map((route) => route.path);
    expect([...modules.keys()].sort()).toEqual([...lazyRoutes].sort());
    expect(modules.get('/account')).toBe('src/app/account-route.tsx');
    for (const module of modules.values()) expect(existsSync(path.join(WEB_ROOT, module)), module).toBe(true);
  });

  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    'src/app/account-route.tsx': {
      file: 'assets/account-route-1.js',
      imports: ['_react.js', '_alert.js', '_input.js'],
      css: ['assets/account-1.css'],
    },
    '_alert.js': { file: 'assets/Alert-1.js', imports: ['_box.js'], css: ['assets/Alert-1.css'] },
    '_input.js': { file: 'assets/Input-1.js', imports: ['_box.js'], css: ['assets/Alert-1.css'] },
    '_box.js': { file: 'assets/Box-1.js' },
  };
  const template = [
    '<head><title>FourFour</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>',
    '<body><div id="root"><!--first-view--><!--/first-view--></div>',
    '<template id="app-code">',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '</template></body>',
  ].join('\n');

  it("preloads the page's chunk and everything it imports, then their stylesheets, each once, none the shell loads", () => {
    const shell = shellFiles(template);
    expect(pagePreloads(manifest, 'src/app/account-route.tsx', shell)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/account-route-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Alert-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Box-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Input-1.js">',
      '<link rel="preload" as="style" href="/assets/account-1.css">',
      '<link rel="preload" as="style" href="/assets/Alert-1.css">',
    ]);
    expect(() => pagePreloads(manifest, 'src/app/missing.tsx', shell)).toThrow(/no chunk for src\/app\/missing.tsx/);
  });

  it("puts the preloads after the shell's script, inside the template that waits for the first paint", () => {
    const page = pageOf(template, { path: '/account', title: 'Your account', html: '<h1>Your account</h1>' }, [
      '<link rel="modulepreload" crossorigin href="/assets/account-route-1.js">',
    ]);
    const code = /<template id="app-code">([\s\S]*)<\/template>/.exec(page)?.[1] ?? '';
    expect(code.indexOf('account-route-1.js')).toBeGreaterThan(code.indexOf('index-1.js'));
    expect(page.indexOf('account-route-1.js')).toBeGreaterThan(page.indexOf('<template id="app-code">'));
    expect(page).toContain('<h1>Your account</h1>');
  });

  it('gives a page the server renders with data its stylesheets in the head, so its cards paint styled', () => {
    const shell = shellFiles(template);
    const styles = pageStylesheets(manifest, 'src/app/account-route.tsx', shell);
    expect(styles).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/account-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/Alert-1.css">',
    ]);
    const preloads = pagePreloads(manifest, 'src/app/account-route.tsx', shell, { styles: false });
    expect(preloads.some((tag) => tag.includes('.css'))).toBe(false);
    const page = pageOf(template, { path: '/events', title: 'Events', html: '<h1>Events</h1>' }, preloads, styles);
    const head = /<head>([\s\S]*)<\/head>/.exec(page)?.[1] ?? '';
    expect(head).toContain('href="/assets/account-1.css"');
    expect(head.indexOf('Alert-1.css')).toBeGreaterThan(head.indexOf('index-1.css'));
    expect(page).toContain('<!--first-view--><h1>Events</h1><!--/first-view-->');
  });
});
