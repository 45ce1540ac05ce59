/**
 * The web on a phone (npm run bench:web, issue 19): Lighthouse's mobile profile (Moto G Power
 * viewport, simulated slow 4G and 4x CPU slowdown) against the production build served by the
 * production server with demo data (e2e/support/server.ts: the embedded database, or a fresh
 * PostgreSQL database when DATABASE_URL is set), median of BENCH_RUNS (default 3)
 * runs per page, rounds interleaved so a busy moment on the machine touches every page alike.
 *
 *   npm run build && npm run bench:web [-- --runs 3 --pages /events,/login --json out.json]
 *
 * Signed-in pages: one Chromium per role (started by playwright-core with a DevTools port that
 * Lighthouse connects to), signed in through the /login page as a person does. The session lives
 * in the httpOnly refresh cookie (the access token is in memory only), which Lighthouse keeps: its
 * storage reset clears the HTTP cache, service workers and Cache Storage before every run, never
 * cookies, so each run is a cold first load by a signed-in user. Nothing is fetched from outside:
 * the server, the browser and Lighthouse all run on this machine.
 *
 * The server speaks HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE; a certificate made for the run),
 * as a phone reaches it in production, directly or through a TLS terminator. `--http1` serves plain
 * HTTP/1.1 instead: Lighthouse then simulates six connections per host with a round trip for each
 * file queued on them, which is what a page's thirty-odd small files cost over HTTP/1.1.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { findEventOnSale, logIn } from '../e2e/support/demo.ts';
import { startServer } from '../e2e/support/server.ts';
import { selfSignedCertificate } from '../apps/api/test/self-signed.ts';
import { freePort, median } from './support.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    pages: { type: 'string' },
    json: { type: 'string' },
    /** A folder for every run's full Lighthouse report (JSON), to see what a figure is made of. */
    reports: { type: 'string' },
    'base-url': { type: 'string' },
    http1: { type: 'boolean', default: false },
  },
});
const HTTP1 = values.http1;
const RUNS = Number(values.runs);

type Role = 'visitor' | 'fan' | 'door';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  fan: 'fan@fourfour.local',
  door: 'door@fourfour.local',
};

interface PageSpec {
  /** The path as printed; `{id}` stands for the on-sale event. */
  label: string;
  role: Role;
}
const PAGES: PageSpec[] = [
  { label: '/', role: 'visitor' },
  { label: '/events', role: 'fan' },
  { label: '/purchase/{id}', role: 'fan' },
  { label: '/account', role: 'fan' },
  { label: '/ticket/scan', role: 'door' },
  { label: '/login', role: 'visitor' },
];

interface Measure {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsBytes: number;
  /** Lighthouse's CPU benchmark of this run: lower on a busy or slow machine (a desktop: ~1,500-2,500). */
  benchmarkIndex: number;
  /** Where the run ended (a redirect to /login would show here). */
  finalPath: string;
  failedAudits: string[];
}

const TARGETS = { performance: 90, accessibility: 95, lcpMs: 2500 };

interface RoleBrowser {
  port: number;
  context: BrowserContext;
  dir: string;
}

/** Chromium with a DevTools port for Lighthouse, signed in as the role through the /login page. */
async function openBrowser(role: Role, baseUrl: string): Promise<RoleBrowser> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), `fourfour-lh-${role}-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL: baseUrl,
    // The server's certificate is this run's own, made a moment ago (HTTP/2 needs TLS in browsers).
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, ...(HTTP1 ? [] : ['--ignore-certificate-errors'])],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (role !== 'visitor') await logIn(page, ACCOUNTS[role]);
  // Idle while Lighthouse works in tabs of its own (same profile, so the same cookie jar).
  await page.goto('about:blank');
  return { port, context, dir };
}

function measureOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Measure {
  const audit = (id: string) => lhr.audits[id];
  const requests = (
    audit('network-requests')?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  const jsBytes = (requests ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failedAudits = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
    fcpMs: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
    jsBytes,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    failedAudits,
  };
}

/**
 * One Lighthouse run; a run whose trace came out broken (NO_NAVSTART and the like, seen twice in a
 * row on a busy machine) is made again, up to three tries in all.
 */
async function runLighthouse(url: string, port: number, reportName: string): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, port, reportName);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (retrying ${url}: ${(error as Error).message})`);
    }
  }
}

async function runLighthouseOnce(url: string, port: number, reportName: string): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The default config is the mobile profile: formFactor mobile, screen emulation, simulated
    // throttling (slow 4G, 4x CPU). Storage reset on (cache, service workers), cookies kept.
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (values.reports) {
    mkdirSync(values.reports, { recursive: true });
    writeFileSync(path.join(values.reports, `${reportName}.json`), result.report as string);
  }
  return measureOf(result.lhr);
}

async function main() {
  let tls: Record<string, string> = {};
  if (!HTTP1) {
    const { certFile, keyFile } = selfSignedCertificate();
    tls = { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
    // This process's own requests (the start-up check, the demo event) go to the server it started,
    // on loopback, with the certificate made above.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  }
  const server = values['base-url']
    ? { baseUrl: values['base-url'], stop: async () => {} }
    : await startServer({ LOG_LEVEL: 'warn', ...tls });
  const browsers = new Map<Role, RoleBrowser>();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  try {
    const eventId = (await findEventOnSale(server)).id;
    const wanted = values.pages?.split(',').map((p) => p.trim());
    const pages = PAGES.filter((p) => !wanted || wanted.includes(p.label));
    const loadBefore = load();
    console.log(
      `Lighthouse ${RUNS}x per page, mobile profile, on ${server.baseUrl} (${HTTP1 ? 'HTTP/1.1' : 'HTTPS, HTTP/2'}; ${cpus().length} CPUs, load average ${loadBefore})`,
    );
    for (const role of new Set(pages.map((p) => p.role))) browsers.set(role, await openBrowser(role, server.baseUrl));

    const runs = new Map<string, Measure[]>(pages.map((p) => [p.label, []]));
    for (let round = 1; round <= RUNS; round++) {
      for (const spec of pages) {
        const url = `${server.baseUrl}${spec.label.replace('{id}', String(eventId))}`;
        const name = `${spec.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${round}`;
        const m = await runLighthouse(url, browsers.get(spec.role)!.port, name);
        runs.get(spec.label)!.push(m);
        console.log(
          `  run ${round} ${spec.label.padEnd(15)} perf ${m.performance} a11y ${m.accessibility} LCP ${Math.round(m.lcpMs)} ms TBT ${Math.round(m.tbtMs)} ms CLS ${m.cls.toFixed(3)} JS ${(m.jsBytes / 1000).toFixed(1)} kB -> ${m.finalPath}`,
        );
      }
    }
    const loadAfter = load();
    const indexes = [...runs.values()].flat().map((m) => m.benchmarkIndex);

    const rows = pages.map((spec) => {
      const ms = runs.get(spec.label)!;
      const med = (f: (m: Measure) => number) => median(ms.map(f));
      return {
        page: spec.label,
        role: spec.role,
        performance: med((m) => m.performance),
        accessibility: med((m) => m.accessibility),
        lcpMs: med((m) => m.lcpMs),
        tbtMs: med((m) => m.tbtMs),
        cls: med((m) => m.cls),
        fcpMs: med((m) => m.fcpMs),
        jsBytes: med((m) => m.jsBytes),
        failedAudits: [...new Set(ms.flatMap((m) => m.failedAudits))],
        finalPaths: [...new Set(ms.map((m) => m.finalPath))],
      };
    });

    console.log(
      `\nMedians of ${RUNS} runs (load average before ${loadBefore}, after ${loadAfter}; Lighthouse CPU benchmark index median ${Math.round(median(indexes))}, ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}):\n`,
    );
    console.log('| page | as | performance | accessibility | LCP | TBT | CLS | JS transferred |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.role} | ${r.performance} | ${r.accessibility} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${(r.jsBytes / 1000).toFixed(1)} kB |`,
      );
    }
    const misses: string[] = [];
    for (const r of rows) {
      if (r.performance < TARGETS.performance) misses.push(`${r.page}: performance ${r.performance} < 90`);
      if (r.accessibility < TARGETS.accessibility) {
        misses.push(`${r.page}: accessibility ${r.accessibility} < 95 (failing: ${r.failedAudits.join(', ')})`);
      }
      if (r.lcpMs >= TARGETS.lcpMs) misses.push(`${r.page}: LCP ${(r.lcpMs / 1000).toFixed(2)} s >= 2.5 s`);
      const expected = r.page.replace('{id}', String(eventId));
      if (r.finalPaths.some((p) => p !== expected)) misses.push(`${r.page}: ended on ${r.finalPaths.join(', ')}`);
    }
    if (values.json) {
      writeFileSync(
        values.json,
        JSON.stringify({ loadBefore, loadAfter, benchmarkIndexes: indexes, runs: RUNS, rows }, null, 2),
      );
    }
    if (misses.length > 0) {
      console.log(`\nMissed (targets: performance >= 90, accessibility >= 95, LCP < 2.5 s):`);
      for (const m of misses) console.log(`  ${m}`);
      process.exitCode = 1;
    } else {
      console.log('\nEvery page meets its targets (performance >= 90, accessibility >= 95, LCP < 2.5 s).');
    }
  } finally {
    for (const b of browsers.values()) {
      await b.context.close().catch(() => {});
      rmSync(b.dir, { recursive: true, force: true });
    }
    await server.stop();
  }
}

await main();
