import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { logIn } from './support/demo.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('a visitor on the production build', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`sees the home page, Terms and Privacy on ${label}`, async () => {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBeTruthy();
      await page.getByRole('link', { name: 'Create account' }).first().waitFor();
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      // Nothing overflows sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `foundation-home-${label}`);

      await page.goto('/terms');
      await page.getByRole('heading', { name: /terms/i }).first().waitFor();
      const terms = await page.locator('main').innerText();
      expect(terms).toMatch(/England and Wales/);
      expect(terms).toMatch(/Last updated/i);
      expect(terms).toMatch(/7 days/);
      await screenshot(page, `foundation-terms-${label}`);

      await page.goto('/privacy');
      await page
        .getByRole('heading', { name: /privacy/i })
        .first()
        .waitFor();
      expect(await page.locator('main').innerText()).toMatch(/6 years|six years/i);
      await screenshot(page, `foundation-privacy-${label}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sends a visitor who opens a signed-in page to /login', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto('/account');
    await page.waitForURL('**/login');
    await page.goto('/admin/events');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sees each page’s heading in its HTML before any script has run, then the same heading in the same place from the app (issue 19)', async () => {
    const context = await newContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    await logIn(page, 'fan@fourfour.local');
    const headingBox = async () => {
      const heading = page.getByRole('heading', { level: 1 }).first();
      return { text: (await heading.textContent())?.trim(), box: await heading.boundingBox() };
    };
    for (const [path, heading] of [
      ['/login', 'Log in'],
      ['/events', 'Events'],
      ['/account', 'Your account'],
    ] as const) {
      // The first view: the page as built, its scripts refused.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(path);
      const first = await headingBox();
      expect(first.text, path).toBe(heading);
      // Static, and nobody's: the signed-in fan's name and email are not in it.
      expect(await page.locator('body').innerText(), path).not.toMatch(/deep_fan|fan@fourfour\.local/);
      await page.unrouteAll();

      await page.goto(path);
      if (path === '/account') await page.getByText('fan@fourfour.local').waitFor();
      if (path === '/events') await page.getByRole('article').first().waitFor();
      if (path === '/login') await page.getByLabel(/^Email/).waitFor();
      // Polled: the HTML's cards count as the page's for the waits above, and the app may swap
      // the HTML's elements for its own between reading a heading's text and its box.
      await expect.poll(headingBox, { message: path, timeout: 10_000 }).toEqual(first);
    }
    await context.close();
  });
});
