import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The server as `npm start` and the container run it: the bundle `npm run build` writes (apps/api/bundle.mjs). */
export const SERVER_BUNDLE = 'apps/api/dist/server.mjs';

/** The newest modification time of the files under `dir`, in ms. */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Node's arguments in the `start` script (package.json): the V8 heap's bounds, then the bundle. The
 * one place they are written; the Dockerfile's CMD is checked against it (server-bundle.test.ts).
 */
export function startScriptArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [node, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (node !== 'node' || args.at(-1) !== SERVER_BUNDLE) {
    throw new Error(`the start script should be \`node [flags] ${SERVER_BUNDLE}\`: ${pkg.scripts.start}`);
  }
  return args;
}

/**
 * Node's arguments to start the production server as `npm start` does (run from the repository's
 * root): the browser journeys and the benchmarks time and test what ships, with the same heap
 * bounds. Refuses a missing bundle, and one older than the server's or the shared package's
 * source, which would test yesterday's code.
 */
export function serverBundleArgs(): string[] {
  const bundle = path.join(ROOT, SERVER_BUNDLE);
  if (!existsSync(bundle)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  const built = statSync(bundle).mtimeMs;
  for (const source of ['apps/api/src', 'packages/shared/src']) {
    if (newestChange(path.join(ROOT, source)) > built) {
      throw new Error(`${SERVER_BUNDLE} is older than ${source}: run \`npm run build\` again`);
    }
  }
  return startScriptArgs();
}
