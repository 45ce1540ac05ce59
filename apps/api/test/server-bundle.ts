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
 * The `start` script (package.json): the environment it sets (glibc's malloc arenas), then Node's
 * arguments (the V8 heap's bounds, then the bundle). The one place they are written; the
 * Dockerfile's ENV and CMD are checked against it (server-bundle.test.ts).
 */
function startScript(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=\S*$/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  const [node, ...args] = words;
  if (node !== 'node' || args.at(-1) !== SERVER_BUNDLE) {
    throw new Error(
      `the start script should be \`[NAME=value ...] node [flags] ${SERVER_BUNDLE}\`: ${pkg.scripts.start}`,
    );
  }
  return { env, args };
}

/** Node's arguments in the `start` script. */
export function startScriptArgs(): string[] {
  return startScript().args;
}

/**
 * The environment the `start` script sets: the browser journeys and the benchmarks add it to the
 * server's, as the container does with ENV.
 */
export function startScriptEnv(): Record<string, string> {
  return startScript().env;
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
