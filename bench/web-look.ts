/**
 * How the web client looks, to compare two builds (issue 19: a change to how styles load must not
 * change the look). For each page, at a desktop (1280x800) and a phone (390x844) viewport: a
 * full-page screenshot and the computed style of every element (and its ::before/::after), after
 * the page has settled. A second run compares against the first, element by element.
 *
 *   npm run build && node --import tsx bench/web-look.ts --out /tmp/look-before
 *   (change, build)  node --import tsx bench/web-look.ts --out /tmp/look-after --compare /tmp/look-before
 *
 * It exits 1 when any style differs. Demo data, the production server (e2e/support/server.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { findEventOnSale, logIn } from '../e2e/support/demo.ts';
import { startServer } from '../e2e/support/server.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    compare: { type: 'string' },
    pages: { type: 'string' },
  },
});
if (!values.out) throw new Error('--out <folder> is required');
const OUT = values.out;

type Role = 'visitor' | 'fan' | 'door' | 'master';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  fan: 'fan@fourfour.local',
  door: 'door@fourfour.local',
  master: 'master@fourfour.local',
};

interface LookSpec {
  label: string;
  role: Role;
  /** Something to do once the page has settled (open a menu), looked at afterwards. */
  act?: (page: Page) => Promise<void>;
  viewports?: ('desktop' | 'phone')[];
}

const openBurger = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.waitForTimeout(800);
};

const SPECS: LookSpec[] = [
  { label: '/', role: 'visitor' },
  { label: '/login', role: 'visitor' },
  { label: '/register', role: 'visitor' },
  { label: '/terms', role: 'visitor' },
  { label: '/subscribe', role: 'visitor' },
  { label: '/events', role: 'fan' },
  { label: '/purchase/{id}', role: 'fan' },
  { label: '/account', role: 'fan' },
  { label: '/top5-songs', role: 'fan' },
  { label: '/song-submission', role: 'fan' },
  { label: '/roster', role: 'fan' },
  { label: 'phone menu', role: 'fan', act: openBurger, viewports: ['phone'] },
  { label: '/ticket/scan', role: 'door' },
  { label: '/admin/events', role: 'master' },
  { label: '/admin/events/create', role: 'master' },
  { label: '/admin/orders', role: 'master' },
  { label: '/admin/events/{id}/door', role: 'master' },
  { label: '/admin/events/{id}/attendees', role: 'master' },
  { label: '/master/stats', role: 'master' },
  { label: '/master/user', role: 'master' },
  // The desktop bar's Admin menu where the bar shows, else the phone menu.
  {
    label: 'admin menu',
    role: 'master',
    act: async (page) => {
      const admin = page.getByRole('button', { name: /^Admin/ }).first();
      if (await admin.isVisible()) {
        await admin.click();
        await page.waitForTimeout(800);
      } else await openBurger(page);
    },
  },
];

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const PROPS = [
  'display',
  'position',
  'top',
  'left',
  'width',
  'height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-color',
  'border-bottom-color',
  'border-left-color',
  'border-right-color',
  'border-top-style',
  'border-top-left-radius',
  'border-bottom-right-radius',
  'color',
  'background-color',
  'background-image',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration-line',
  'text-transform',
  'opacity',
  'box-shadow',
  'outline-style',
  'outline-color',
  'transform',
  'z-index',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'gap',
  'grid-template-columns',
  'align-items',
  'justify-content',
  'overflow-x',
  'overflow-y',
  'white-space',
  'cursor',
  'visibility',
  'fill',
  'stroke',
  'object-fit',
  'aspect-ratio',
  'content',
  'transition-duration',
  'animation-name',
  'pointer-events',
];

type Look = Record<string, Record<string, string>>;

/** Every element's computed style, keyed by its place in the tree (tag:index/…). */
async function lookOf(page: Page): Promise<Look> {
  // A string, not a function: tsx names arrow functions with a helper the page does not have.
  return page.evaluate(`(() => {
    const props = ${JSON.stringify(PROPS)};
    const out = {};
    function walk(el, key) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        if (pseudo && (style.content === 'none' || style.content === 'normal')) continue;
        const entry = {};
        for (const p of props) entry[p] = style.getPropertyValue(p);
        out[pseudo ? key + pseudo : key] = entry;
      }
      const counts = {};
      for (const child of el.children) {
        const tag = child.tagName.toLowerCase();
        if (tag === 'script' || tag === 'style' || tag === 'link' || tag === 'meta') continue;
        counts[tag] = (counts[tag] ?? 0) + 1;
        walk(child, key + '/' + tag + ':' + counts[tag]);
      }
    }
    walk(document.body, 'body');
    return out;
  })()`);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // The lazy cards, toasts' container and idle-time chunks.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  // Freeze animations and carets, so two runs see the same frame.
  await page.addStyleTag({
    content: '*,*::before,*::after{animation-play-state:paused!important;caret-color:transparent!important}',
  });
}

function fileName(label: string, viewport: string) {
  return `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${viewport}`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer({ LOG_LEVEL: 'warn' });
  let browser: Browser | undefined;
  try {
    const eventId = (await findEventOnSale(server)).id;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    });
    const wanted = values.pages?.split(',');
    for (const viewportName of ['desktop', 'phone'] as const) {
      const viewport = VIEWPORTS[viewportName];
      for (const role of ['visitor', 'fan', 'door', 'master'] as Role[]) {
        const specs = SPECS.filter(
          (s) =>
            s.role === role &&
            (!s.viewports || s.viewports.includes(viewportName)) &&
            (!wanted || wanted.includes(s.label)),
        );
        if (specs.length === 0) continue;
        const context = await browser.newContext({ baseURL: server.baseUrl, viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        if (role !== 'visitor') {
          const email = ACCOUNTS[role];
          // Once more if the first sign-in times out (a busy machine).
          await logIn(page, email).catch(() => logIn(page, email));
        }
        for (const spec of specs) {
          const url = spec.label.startsWith('/') ? spec.label.replace('{id}', String(eventId)) : '/';
          await page.goto(url);
          await settle(page);
          if (spec.act) await spec.act(page);
          const name = fileName(spec.label, viewportName);
          await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
          writeFileSync(path.join(OUT, `${name}.json`), JSON.stringify(await lookOf(page)));
          console.log(`  ${name}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  if (values.compare) process.exitCode = compare(values.compare, OUT) ? 0 : 1;
}

/** Prints every element whose style differs between two runs; true when none does. */
function compare(beforeDir: string, afterDir: string): boolean {
  let same = true;
  for (const spec of SPECS) {
    for (const viewport of Object.keys(VIEWPORTS)) {
      const name = fileName(spec.label, viewport);
      const a = path.join(beforeDir, `${name}.json`);
      const b = path.join(afterDir, `${name}.json`);
      if (!existsSync(a) || !existsSync(b)) continue;
      const before = JSON.parse(readFileSync(a, 'utf8')) as Look;
      const after = JSON.parse(readFileSync(b, 'utf8')) as Look;
      const lines: string[] = [];
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const x = before[key];
        const y = after[key];
        if (!x || !y) {
          lines.push(`${key}: ${x ? 'gone' : 'new'}`);
          continue;
        }
        const props = PROPS.filter((p) => x[p] !== y[p]);
        if (props.length) lines.push(`${key}: ${props.map((p) => `${p} ${x[p]} -> ${y[p]}`).join('; ')}`);
      }
      console.log(`${name}: ${lines.length === 0 ? 'same' : `${lines.length} elements differ`}`);
      for (const line of lines.slice(0, 15)) console.log(`    ${line}`);
      if (lines.length) same = false;
    }
  }
  return same;
}

await main();
