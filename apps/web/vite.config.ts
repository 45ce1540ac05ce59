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
        // Libraries change less often than app code: separate chunks keep their cache entries.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts)/ },
            // Charts (recharts, d3) are only needed by the master stats screen: their own lazy chunk.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|@reduxjs|redux|react-redux|reselect|immer|decimal\.js-light|internmap)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
