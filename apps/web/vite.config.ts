import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineComponentCss } from './build/mantine-component-css.ts';
import { startAfterFirstPaint } from './build/start-after-first-paint.ts';

// One process serves the built app and /api in production; in development Vite serves the app
// and forwards /api (and the server-rendered dev mailbox) to the API on port 3000.
const API_ORIGIN = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    mantineComponentCss(),
    react(),
    !isSsrBuild && startAfterFirstPaint(),
    // The prerender build (src/prerender.tsx, run by build/prerender.ts) makes no service worker.
    !isSsrBuild &&
      // The door scanner works with no signal (issue 22): a service worker precaches the built app, so
      // /ticket/scan loads offline once opened online. Nothing is added to index.html: the scanner page
      // registers the worker and links its own manifest (public/scanner.webmanifest), so other pages'
      // first load is unchanged and only the scanner is offered for install.
      VitePWA({
        injectRegister: false,
        manifest: false,
        registerType: 'autoUpdate',
        workbox: {
          // JS, CSS, the shell and the scanner's icons; not the hero video, artwork or source maps.
          globPatterns: ['**/*.{js,css,html}', 'favicon.svg', 'scanner.webmanifest', 'icons/*.png'],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
          cleanupOutdatedCaches: true,
          // A new version takes over at the next load; an open page keeps running what it loaded.
          skipWaiting: true,
          clientsClaim: true,
          // Pages: the network first, so an online visit always gets the current app; with no network
          // (or none within 4 s), the app shell from the precache. /api, the dev mailbox, the API
          // reference and metrics are never answered by the worker.
          navigateFallback: null,
          runtimeCaching: [
            {
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && !/^\/(api|dev|metrics)(\/|$)/.test(url.pathname),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'fourfour-pages',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 16 },
                precacheFallback: { fallbackURL: '/index.html' },
              },
            },
          ],
        },
      }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/dev/mailbox': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  // The server-side build (src/prerender.tsx): run by build/prerender.ts for each route's page, and
  // by the server for the pages that carry the events list (issue 19). One file with everything in
  // it (the server's image has no React in its node_modules), React's production build.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, assetsInlineLimit: 0, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        // Which chunks each route's page needs: build/prerender.ts names them in the route's HTML
        // (and removes the manifest: it is not served).
        manifest: true,
        // Never inline assets as data: URLs, so the CSP can stay strict and files cache by hash.
        assetsInlineLimit: 0,
        sourcemap: true,
        rolldownOptions: {
          output: {
            // TanStack Query is in the react chunk: every page needs it (the shell reads the session with
            // it), and left to itself the bundler split it from the entry into chunks of its own, which put
            // /events 1.9 kB over its budget (171.8 kB) when the back office's pages were added.
            // Only libraries every page needs get a chunk of their own (they change less often than app
            // code, so their cache entry survives releases). Everything else follows the lazy routes that
            // import it, so a page loads only what it uses (bench/web-size.ts checks the budget).
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                },
                // zod serves the forms; kept apart so pages without a form never load it.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              ],
            },
          },
        },
      },
}));
