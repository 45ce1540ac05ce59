import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One process serves the built app and /api in production; in development Vite serves the app
// and forwards /api (and the server-rendered dev mailbox) to the API on port 3000.
const API_ORIGIN = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/dev/mailbox': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Never inline assets as data: URLs, so the CSP can stay strict and files cache by hash.
    assetsInlineLimit: 0,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Only libraries every page needs get a chunk of their own (they change less often than app
        // code, so their cache entry survives releases). Everything else follows the lazy routes that
        // import it, so a page loads only what it uses (bench/web-size.ts checks the budget).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // zod serves the forms; kept apart so pages without a form never load it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
