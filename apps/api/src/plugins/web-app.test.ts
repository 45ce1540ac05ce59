import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webApp, { pageWithEvents, routePattern, scriptSafeJson } from './web-app.ts';

/** A built client as apps/web's build lays it out: index.html, and a page per route in first-views/. */
function makeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fourfour-web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<html>shell</html>');
  mkdirSync(path.join(dir, 'first-views'));
  const routes = [
    { path: '/', file: 'home.html' },
    { path: '/login', file: 'login.html' },
    { path: '/purchase/:eventId', file: 'purchase-eventid.html' },
    { path: '/admin/events/:id', file: 'admin-events-id.html' },
    { path: '/admin/events/create', file: 'admin-events-create.html' },
  ];
  for (const route of routes) writeFileSync(path.join(dir, 'first-views', route.file), `<html>${route.path}</html>`);
  writeFileSync(path.join(dir, 'first-views', 'routes.json'), JSON.stringify({ routes }));
  return dir;
}

describe('web app pages (issue 19: each route’s first view in its HTML)', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = makeDist();
    app = Fastify();
    await app.register(webApp, { distDir: dir });
    app.setNotFoundHandler((request, reply) => app.serveWebApp!(request, reply));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/login?next=%2Faccount', '/login'],
    ['/LOGIN/', '/login'],
    ['/purchase/42', '/purchase/:eventId'],
    ['/admin/events/create', '/admin/events/create'],
    ['/admin/events/9', '/admin/events/:id'],
  ])('sends %s the page of its route %s', async (url, route) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(response.body).toBe(`<html>${route}</html>`);
  });

  it.each(['/nowhere', '/purchase', '/purchase/1/extra', '/loginx'])(
    'sends a path of no route (%s) the shell',
    async (url) => {
      expect((await get(url)).body).toBe('<html>shell</html>');
    },
  );

  it('sends the page compressed when the browser accepts it', async () => {
    const response = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('<html>/login</html>');
  });

  it('matches a parameter to one whole segment', () => {
    expect(routePattern('/purchase/:eventId').test('/purchase/12')).toBe(true);
    expect(routePattern('/purchase/:eventId').test('/purchase/')).toBe(false);
    expect(routePattern('/a.b').test('/axb')).toBe(false);
  });
});

describe('web app pages from a build without first views', () => {
  it('sends the shell for every route', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fourfour-web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), '<html>shell</html>');
    const app = Fastify();
    await app.register(webApp, { distDir: dir });
    app.setNotFoundHandler((request, reply) => app.serveWebApp!(request, reply));
    expect((await app.inject('/login')).body).toBe('<html>shell</html>');
    expect((await app.inject('/')).body).toBe('<html>shell</html>');
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('pages that carry the events list (issue 19: the cards in the HTML)', () => {
  const TEMPLATE =
    '<html><body><div id="root"><!--first-view--><p>loading cards</p><!--/first-view--></div><template id="app-code"></template></body></html>';
  let dir: string;
  let app: FastifyInstance;
  let renders: { url: string; events: unknown }[];
  let list: { json: string };
  let failRender = false;

  /** A web server-side build that renders the titles, and records what it was asked. */
  function fakeRenderer(file: string) {
    writeFileSync(
      file,
      `export function pathWithEvents(url, events) {
        const purchase = /^\\/purchase\\/([^/]+)\\/?$/i.exec(url);
        if (purchase) {
          const event = events.find((e) => e.id === Number(decodeURIComponent(purchase[1])));
          return event ? '/purchase/' + event.id : null;
        }
        return /^\\/events\\/?$/i.test(url) ? '/events' : null;
      }
      export function renderFirstRender(url, events) {
        globalThis.__renders.push({ url, events });
        if (globalThis.__failRender) throw new Error('render failed');
        if (url.startsWith('/purchase/')) return '<h1>' + events.find((e) => '/purchase/' + e.id === url).title + '</h1>';
        return '<ul>' + events.map((e) => '<li>' + e.title.replace(/</g, '&lt;') + '</li>').join('') + '</ul>';
      }`,
    );
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fourfour-web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), '<html>shell</html>');
    mkdirSync(path.join(dir, 'first-views'));
    writeFileSync(path.join(dir, 'first-views', 'events.html'), TEMPLATE);
    writeFileSync(path.join(dir, 'first-views', 'login.html'), '<html>/login</html>');
    writeFileSync(path.join(dir, 'first-views', 'purchase-eventid.html'), TEMPLATE.replace('<body>', '<body>purchase'));
    writeFileSync(
      path.join(dir, 'first-views', 'routes.json'),
      JSON.stringify({
        routes: [
          { path: '/events', file: 'events.html', embedsEvents: true },
          { path: '/purchase/:eventId', file: 'purchase-eventid.html', embedsEvents: true },
          { path: '/login', file: 'login.html' },
        ],
      }),
    );
    const ssrEntry = path.join(dir, 'ssr.mjs');
    fakeRenderer(ssrEntry);
    renders = [];
    Object.assign(globalThis, { __renders: renders });
    Object.defineProperty(globalThis, '__failRender', { get: () => failRender, configurable: true });
    list = { json: JSON.stringify([{ id: 1, title: 'Deep House Night' }]) };
    app = Fastify();
    await app.register(webApp, { distDir: dir, ssrEntry });
    app.setNotFoundHandler((request, reply) => app.serveWebApp!(request, reply));
    app.webPages!.setEventsList(async () => list);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the page with its first view rendered with the list, and the list for the app', async () => {
    const response = await app.inject('/events');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<!--first-view--><ul><li>Deep House Night</li></ul><!--/first-view-->');
    expect(response.body).not.toContain('loading cards');
    const data = /<script type="application\/json" id="events-data">([\s\S]*?)<\/script>/.exec(response.body);
    expect(JSON.parse(data![1]!)).toEqual([{ id: 1, title: 'Deep House Night' }]);
    expect(renders.at(-1)).toEqual({ url: '/events', events: [{ id: 1, title: 'Deep House Night' }] });
  });

  it('renders once per list, and again when the list changes', async () => {
    list = { json: JSON.stringify([{ id: 2, title: 'Garage Classics' }]) };
    const before = renders.length;
    for (let i = 0; i < 3; i++) expect((await app.inject('/events/')).body).toContain('<li>Garage Classics</li>');
    const br = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<li>Garage Classics</li>');
    expect(renders.length - before).toBe(1);
    list = { json: JSON.stringify([{ id: 3, title: 'Vinyl Only' }]) };
    expect((await app.inject('/events')).body).toContain('<li>Vinyl Only</li>');
    expect(renders.length - before).toBe(2);
  });

  it("renders a purchase page with its event's headline, once per event, and no page for an event not in the list", async () => {
    list = { json: JSON.stringify([{ id: 7, title: 'Vinyl Only' }]) };
    const before = renders.length;
    for (const url of ['/purchase/7', '/PURCHASE/07/', '/purchase/%37', '/purchase/7?checkout=cancelled']) {
      const body = (await app.inject(url)).body;
      expect(body, url).toContain('<body>purchase<div id="root"><!--first-view--><h1>Vinyl Only</h1>');
      expect(body, url).toContain('id="events-data"');
    }
    expect(renders.length - before).toBe(1);
    // An event the list does not have (or no event at all): the page as built, nothing kept.
    for (const url of ['/purchase/8', '/purchase/%3Cscript%3E']) {
      const body = (await app.inject(url)).body;
      expect(body, url).toBe(TEMPLATE.replace('<body>', '<body>purchase'));
    }
    expect((await app.inject('/purchase/8')).body).not.toContain('events-data');
  });

  it('keeps a hostile title inside the data block: nothing in it can end the element', async () => {
    const title = '</script><script>alert(1)</script><!-- \u2028 & >';
    list = { json: JSON.stringify([{ id: 4, title }]) };
    const body = (await app.inject('/events')).body;
    const data = /<script type="application\/json" id="events-data">([\s\S]*?)<\/script>/.exec(body)![1]!;
    expect(data).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(data)).toEqual([{ id: 4, title }]);
    expect(body.match(/<script/g)).toHaveLength(1);
  });

  it('sends the page as built when the render fails, and leaves other routes alone', async () => {
    failRender = true;
    list = { json: JSON.stringify([{ id: 5, title: 'Never shown' }]) };
    const response = await app.inject('/events');
    failRender = false;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(TEMPLATE);
    const before = renders.length;
    expect((await app.inject('/login')).body).toBe('<html>/login</html>');
    expect(renders.length).toBe(before);
  });

  it('sends the page as built without the server-side build or without the list', async () => {
    const noBuild = Fastify();
    await noBuild.register(webApp, { distDir: dir, ssrEntry: path.join(dir, 'missing.mjs') });
    noBuild.setNotFoundHandler((request, reply) => noBuild.serveWebApp!(request, reply));
    noBuild.webPages!.setEventsList(async () => list);
    expect((await noBuild.inject('/events')).body).toBe(TEMPLATE);
    await noBuild.close();

    const noList = Fastify();
    await noList.register(webApp, { distDir: dir, ssrEntry: path.join(dir, 'ssr.mjs') });
    noList.setNotFoundHandler((request, reply) => noList.serveWebApp!(request, reply));
    expect((await noList.inject('/events')).body).toBe(TEMPLATE);
    await noList.close();
  });

  it('escapes what could end a script element, as \\u escapes JSON reads back', () => {
    expect(scriptSafeJson('{"a":"</script>&\u2029"}')).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2029"}');
    expect(() => pageWithEvents('<html></html>', '', '[]')).toThrow(/markers/);
  });
});
