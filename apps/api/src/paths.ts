import path from 'node:path';

/**
 * The API workspace's folder (apps/api), found from this file's place. The server runs from
 * apps/api/src (tsx: tests, `npm run dev:api`) or from the bundle in apps/api/dist (`npm start`, the
 * container): both are one level below it, so every path derived from here holds in either.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..');
