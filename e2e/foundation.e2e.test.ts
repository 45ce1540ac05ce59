import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
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
});
