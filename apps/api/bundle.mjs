// Bundles the API server (src/server.ts and every package it imports) into dist/server.mjs with
// esbuild: `npm run build` (root) runs it after the web build, and `npm start`, the container, the
// browser journeys and the benchmarks run the bundle. Tests and `npm run dev:api` run the source.
//
// Why: on Node 24 every ES module imported from node_modules makes the loader read its package's
// package.json again (drizzle-orm's is 178 KB, for ~300 modules), which cost the server ~140 MB of
// heap and ~1 s at start-up (docs/decisions.md, "Issue 19: the server bundle"). One bundled file
// resolves nothing at run time.
//
// Left outside the bundle, loaded from node_modules as before: native code (sharp, argon2,
// sodium-native), PGlite (its wasm and data files sit beside its code), and the packages that find
// their own files through __dirname (the API docs' UI and the OpenAPI generator).
import { build } from 'esbuild';

const EXTERNAL = [
  'sharp',
  '@node-rs/argon2',
  'sodium-native',
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  // pg's optional native driver, never installed here; pg requires it only when asked to.
  'pg-native',
];

const result = await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.mjs', import.meta.url).pathname,
  // Module comments in the bundle name paths from the repository's root, wherever this runs from.
  absWorkingDir: new URL('../..', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: EXTERNAL,
  // The CommonJS packages inside the bundle call require() for Node's own modules. __dirname is the
  // bundle's folder, so the allowed uses below cannot throw.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      'const require = __createRequire(import.meta.url);',
      'const __dirname = import.meta.dirname;',
      'const __filename = import.meta.filename;',
    ].join('\n'),
  },
  // Readable stack traces: names and layout kept, every module's origin in a comment.
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

// A package that reads its own files through __dirname would fail only when that path runs: refuse
// to build one in, unless it is one of the few whose use of it is on an error path or behind a
// try (listed by module, checked by hand).
const DIRNAME_ALLOWED = [
  'node_modules/pino/lib/transport.js', // worker transports, not used (the log goes to stdout)
  'node_modules/thread-stream/index.js', // the same
  'node_modules/pino/pino.js', // the same
  'node_modules/ioredis/built/Command.js', // friendly error stacks, an option not set here
];
const { readFile } = await import('node:fs/promises');
const text = await readFile(new URL('./dist/server.mjs', import.meta.url), 'utf8');
const modules = text.split(/^\/\/ ((?:node_modules|apps|packages)\/[^\n]+)$/m);
const offenders = [];
for (let i = 1; i < modules.length; i += 2) {
  const name = modules[i];
  if (/\b__dirname\b|\b__filename\b/.test(modules[i + 1]) && !DIRNAME_ALLOWED.includes(name)) offenders.push(name);
}
if (offenders.length > 0) {
  console.error(
    `These bundled modules use __dirname or __filename; add them to EXTERNAL in apps/api/bundle.mjs:\n  ${offenders.join('\n  ')}`,
  );
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs)[0].bytes;
console.log(
  `apps/api/dist/server.mjs: ${(bytes / 1e6).toFixed(1)} MB, ${Object.keys(result.metafile.inputs).length} modules`,
);
