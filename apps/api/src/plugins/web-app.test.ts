import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webApp, { routePattern } from './web-app.ts';

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
