import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same Chromium build) when it
 * is installed, as Playwright itself runs headless Chromium; otherwise the full browser in its new
 * headless mode. The shell drives the same Blink and V8 at a third of the CPU (measured: a page load
 * ~1 s of CPU instead of ~3, and almost none while a page sits idle), and the browser was most of
 * the journeys' CPU. CHROMIUM_PATH names another binary.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Headless, with the flags this network needs (no background connections); bench/web.ts uses them too. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium with CHROMIUM_FLAGS. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
}

/** Saves a full-page screenshot under e2e/artifacts for looking at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(ARTIFACTS, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Scrolls the page down half a screen at a time to its end, then back to the top, so what loads as
 * it comes near the viewport (WhenNear: the account page's lower cards) is there for a full-page
 * screenshot, as it is for a person who scrolled.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
  });
}

/**
 * Console errors and uncaught page errors (CSP violations included). A 401 answer is expected
 * (a visitor's session restore finds no cookie), so the browser's "Failed to load resource … 401"
 * line is not counted.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 401/.test(m.text())) return;
    errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
