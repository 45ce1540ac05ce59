/**
 * The web app's initial JavaScript for a route, gzip-compressed, against a budget (CI calls this
 * after `npm run build`):
 *
 *   node --import tsx bench/web-size.ts [--route events-page] [--budget 170]
 *
 * Initial JS = the entry script and its modulepreloads from dist/index.html, plus the route's lazy
 * chunk and everything it imports statically (dynamic imports are not counted: they load later).
 * Sizes are gzip level 9, in kB of 1000 bytes as Vite prints them. Exits 1 when over budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'events-page' },
    budget: { type: 'string', default: '170' },
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../apps/web/dist') },
    json: { type: 'boolean', default: false },
  },
});

const dist = values.dist!;
const budgetKb = Number(values.budget);
const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`No ${indexFile}: run \`npm run build\` first.`);
  process.exit(2);
}

const html = readFileSync(indexFile, 'utf8');
const fromHtml = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]!);

const assetsDir = path.join(dist, 'assets');
const routeChunks = readdirSync(assetsDir)
  .filter((f) => f.startsWith(`${values.route}-`) && f.endsWith('.js'))
  .map((f) => `assets/${f}`);
if (routeChunks.length === 0) {
  console.error(`No chunk named ${values.route}-*.js in ${assetsDir}.`);
  process.exit(2);
}

/** Static imports of a built chunk: `import"./x.js"` and `from"./x.js"`, not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const dir = path.posix.dirname(file);
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(path.posix.normalize(path.posix.join(dir, m[1]!)));
  }
  return [...found];
}

const seen = new Set<string>();
const queue = [...fromHtml, ...routeChunks];
while (queue.length > 0) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  queue.push(...staticImports(file));
}

const rows = [...seen]
  .map((file) => {
    const raw = readFileSync(path.join(dist, file));
    return { file, bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const totalGzip = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.bytes, 0);
const kb = (n: number) => (n / 1000).toFixed(1);
const within = totalGzip <= budgetKb * 1000;

if (values.json) {
  console.log(JSON.stringify({ route: values.route, budgetKb, totalGzip, totalRaw, within, files: rows }, null, 2));
} else {
  console.log(`Initial JavaScript for ${values.route} (gzip):`);
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(7)} kB  ${r.file}`);
  console.log(
    `  ${kb(totalGzip).padStart(7)} kB  total (${kb(totalRaw)} kB raw), budget ${budgetKb} kB: ${within ? 'OK' : 'OVER BUDGET'}`,
  );
}
process.exit(within ? 0 : 1);
