import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT } from '../paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's index.html (the SPA fallback); undefined when the client is not built. */
    serveWebApp?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

export const WEB_DIST = path.resolve(API_ROOT, '../web/dist');

/**
 * Serves the built web client: hashed assets for a year, index.html never cached, and index.html
 * for every client route (the SPA fallback, wired through the not-found handler).
 */
export default fp<{ distDir?: string }>(
  async (app, options) => {
    const distDir = options.distDir ?? WEB_DIST;
    const indexFile = path.join(distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir }, 'web client not built: run `npm run build` to serve the web app');
      return;
    }
    const indexHtml = readFileSync(indexFile);
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
    app.decorate('serveWebApp', (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache, no-store, must-revalidate')
        .send(indexHtml),
    );
    app.get('/', { schema: { hide: true } }, (request, reply) => app.serveWebApp!(request, reply));
  },
  { name: 'web-app' },
);
