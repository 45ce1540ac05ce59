import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext } from './support/browser.ts';
import { findEventOnSale } from './support/demo.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Keyboard only: no mouse clicks from sign-in to payment. Each control is reached with Tab and used
 * with Enter, Space or typing, and the focused control is always visibly outlined.
 */
describe('keyboard-only use', () => {
  let server: RunningServer;
  let browser: Browser;
  let eventId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    eventId = (await findEventOnSale(server, { standard: 2 })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The accessible name of the focused element (label, aria-label or text). */
  const focusedName = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const labelled = el.getAttribute('aria-label');
      if (labelled) return labelled;
      const id = el.id;
      const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent : null;
      return (label ?? el.textContent ?? '').trim();
    });

  /** Presses Tab until the focused control's name matches, checking each stop has a visible focus ring. */
  async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const current = await focusedName(page);
      if (name.test(current)) {
        // Visible focus: the focused control looks different from the same control unfocused
        // (an outline, a ring or a border colour).
        const ring = await page.evaluate(async () => {
          const el = document.activeElement as HTMLElement;
          const settle = () => new Promise((r) => setTimeout(r, 250));
          const look = () => {
            const s = getComputedStyle(el);
            return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join('|');
          };
          await settle();
          const focused = look();
          el.blur();
          await settle(); // let the focus transition finish
          const unfocused = look();
          el.focus({ focusVisible: true } as FocusOptions);
          return focused !== unfocused;
        });
        expect(ring, `visible focus on "${current}"`).toBe(true);
        return;
      }
    }
    throw new Error(`could not reach ${name} with Tab`);
  }

  it('signs in, buys a ticket and pays without a mouse', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();

    await page.goto('/login');
    // The route's code arrives after the first paint; a keyboard user starts once the form shows.
    await page.getByLabel(/^Email/).waitFor();
    await tabTo(page, /^Email/);
    await page.keyboard.type('fan@fourfour.local');
    await tabTo(page, /^Password/);
    await page.keyboard.type('FourFour#2026');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/purchase/${eventId}`);
    await page.getByRole('button', { name: 'Add Standard' }).waitFor();
    await tabTo(page, /^Add Standard/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^First name/);
    await page.keyboard.type('Kim');
    await tabTo(page, /^Last name/);
    await page.keyboard.type('Gordon');
    await tabTo(page, /^Date of birth/);
    // A native date field: its segments take digits in the browser's order (en-US: month, day, year).
    await page.keyboard.type('04041994');
    await tabTo(page, /^Reserve tickets/);
    await page.keyboard.press('Enter');
    await page.getByText('Tickets reserved').waitFor();
    await tabTo(page, /^Continue to payment/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/local-pay\/checkout\//);
    await page.getByTestId('local-checkout-total').waitFor();
    await tabTo(page, /^Pay /);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payment-success/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await context.close();
  });

  it('opens and closes the ticket dialog and the Terms dialog with the keyboard', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: /^Terms of Service and Privacy Policy$/ }).waitFor();
    await tabTo(page, /^Terms of Service and Privacy Policy$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/login');
    // The route's code arrives after the first paint; a keyboard user starts once the form shows.
    await page.getByLabel(/^Email/).waitFor();
    await tabTo(page, /^Email/);
    await page.keyboard.type('member@fourfour.local');
    await tabTo(page, /^Password/);
    await page.keyboard.type('FourFour#2026');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account');
    await page.getByTestId('my-ticket').first().waitFor();
    await tabTo(page, /Show ticket/, 150);
    await page.keyboard.press('Enter');
    await page.getByTestId('ticket-qr').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('ticket-qr').waitFor({ state: 'detached' });
    await context.close();
  });
});
