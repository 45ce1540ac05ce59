import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES, type AppRoute } from '../apps/web/src/app/route-table.ts';
import { axeBuilder } from './support/axe.ts';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const DEMO_PASSWORD = 'FourFour#2026';
const ACCOUNTS = {
  USER: 'fan@fourfour.local',
  EVENT_WORKER: 'door@fourfour.local',
  AFFILIATE: 'affiliate@fourfour.local',
  ADMIN: 'admin@fourfour.local',
  MASTER: 'master@fourfour.local',
} as const;
type Viewer = keyof typeof ACCOUNTS | 'anonymous';

/** The role that normally uses a page: visitors for public pages, a fan for signed-in ones. */
function viewerOf(route: AppRoute): Viewer {
  if (route.access.kind === 'public') return 'anonymous';
  if (route.access.kind === 'signed-in') return 'USER';
  const roles = route.access.roles;
  if (roles.length === 1 && roles[0] === 'MASTER') return 'MASTER';
  if (roles.includes('EVENT_WORKER')) return 'EVENT_WORKER';
  return roles.includes('ADMIN') ? 'ADMIN' : 'MASTER';
}

describe('every page, as the role that uses it, on a phone and a desktop', () => {
  let server: RunningServer;
  let browser: Browser;
  let eventId = '';
  const contexts = new Map<string, BrowserContext>();

  async function contextFor(viewer: Viewer, viewport: typeof DESKTOP): Promise<BrowserContext> {
    const key = `${viewer}-${viewport.width}`;
    const existing = contexts.get(key);
    if (existing) return existing;
    const context = await newContext(browser, server.baseUrl, viewport);
    if (viewer !== 'anonymous') {
      const res = await context.request.post('/api/auth/login', {
        data: { email: ACCOUNTS[viewer], password: DEMO_PASSWORD },
        headers: { origin: server.baseUrl },
      });
      expect(res.status(), `login as ${viewer}`).toBe(200);
    }
    contexts.set(key, context);
    return context;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const list = (await (await fetch(`${server.baseUrl}/api/events/list`)).json()) as { id: number; status: string }[];
    eventId = String(list.find((e) => e.status === 'PUBLISHED')?.id ?? list[0]?.id ?? 1);
  });
  afterAll(async () => {
    for (const c of contexts.values()) await c.close();
    await browser?.close();
    await server?.stop();
  });

  const routes = APP_ROUTES.filter((r) => !r.path.includes(':sessionId'));
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    // The phone and the desktop pass run side by side (each with its own signed-in contexts): a
    // pass spends most of its time waiting for pages to load and settle.
    it.concurrent(`shows every page without serious accessibility problems or overflow (${label})`, async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const viewer = viewerOf(route);
        const context = await contextFor(viewer, viewport);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const path = route.path.replace(':eventId', eventId).replace(':id', eventId);
        await page.goto(path);
        await page.locator('main').first().waitFor();
        // The route table gives the page's title (the checkout result's title follows the order's state).
        const expected = route.title === 'Home' ? 'FourFour:' : route.title;
        // A screen sets its title once its code has arrived: on a busy machine that can be after the
        // network first goes quiet, so wait for it (or 10 s; a wrong title is reported below).
        if (route.path !== '/payment-success')
          await page
            .waitForFunction((start) => document.title.startsWith(start), expected, { timeout: 10_000 })
            .catch(() => {});
        // Let data load and skeletons settle.
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.waitForTimeout(300);
        const landed = new URL(page.url()).pathname;
        if (landed !== path.split('?')[0]) problems.push(`${path} as ${viewer}: redirected to ${landed}`);
        const title = await page.title();
        if (route.path !== '/payment-success' && !title.startsWith(expected))
          problems.push(`${path} as ${viewer}: title "${title}", the route table says "${route.title}"`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${path} as ${viewer} (${label}): ${overflow}px sideways overflow`);
        const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
          problems.push(
            `${path} as ${viewer} (${label}): axe ${v.id} — ${v.nodes.length} node(s): ${v.nodes[0]?.target.join(' ')}`,
          );
        }
        if (errors.length > 0)
          problems.push(`${path} as ${viewer} (${label}): console errors ${errors.join(' | ').slice(0, 300)}`);
        const name = path === '/' ? 'home' : path.slice(1).replace(/[/?=&]+/g, '_');
        await screenshot(page, `pages/${label}-${name}`);
        await page.close();
      }
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
