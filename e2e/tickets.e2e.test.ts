import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { findEventOnSale, type ListedEvent, logIn } from './support/demo.ts';
import { type RunningServer, startServer, waitForMail } from './support/server.ts';

/** Buying tickets with the local provider, end to end, as a fan does it in the browser. */
describe('buying tickets', () => {
  let server: RunningServer;
  let browser: Browser;
  let event: ListedEvent;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    event = await findEventOnSale(server, { standard: 4, vip: 4 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fillTicket(page: Page, index: number, first: string, last: string) {
    const card = page.getByTestId('ticket-draft').nth(index);
    await card.getByLabel('First name').fill(first);
    await card.getByLabel('Last name').fill(last);
    await card.getByLabel('Date of birth').fill('1995-06-15');
  }

  it('a fan buys a STANDARD and a VIP ticket with an affiliate code, pays on the local page and finds both tickets with QR', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'fan@fourfour.local');

    await page.goto(`/purchase/${event.id}`);
    await expect(page.getByRole('heading', { name: event.title })).toBeTruthy();
    await page.getByRole('button', { name: 'Add Standard' }).click();
    await page.getByRole('button', { name: 'Add VIP' }).click();
    await fillTicket(page, 0, 'Dana', 'Fields');
    await fillTicket(page, 1, 'Vic', 'Ray');
    await page.getByLabel('Affiliate code (optional)').fill('PROMOKAY');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Affiliate code applied.').waitFor();
    await screenshot(page, 'tickets-purchase-desktop');

    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await page.getByText('Tickets reserved').waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/local-pay\/checkout\//);
    await page.getByText('Test checkout — no money moves').waitFor();
    await page.getByTestId('local-checkout-total').waitFor();
    await screenshot(page, 'tickets-local-checkout-desktop');

    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Paid', { exact: true }).waitFor();
    await screenshot(page, 'tickets-payment-success-desktop');

    await page.goto('/account');
    // The demo fan already holds other tickets; ours are the two named attendees.
    await page.getByTestId('my-ticket').first().waitFor();
    const showAll = page.getByRole('button', { name: /Show all \d+ tickets/ });
    if (await showAll.isVisible()) await showAll.click();
    const mine = page
      .getByTestId('my-ticket')
      .filter({ hasText: event.title })
      .filter({ hasText: /Dana Fields|Vic Ray/ });
    await mine.first().waitFor();
    expect(await mine.count()).toBe(2);
    expect(await mine.filter({ hasText: 'Vic Ray' }).filter({ hasText: 'VIP' }).count()).toBe(1);
    expect(await mine.filter({ hasText: 'Dana Fields' }).filter({ hasText: 'STANDARD' }).count()).toBe(1);
    await page.getByTestId('account-tickets').scrollIntoViewIfNeeded();
    await screenshot(page, 'tickets-my-tickets-desktop');
    const doorCodes: string[] = [];
    for (let i = 0; i < 2; i++) {
      await mine
        .nth(i)
        .getByRole('button', { name: /Show ticket/ })
        .click();
      const qr = page.getByTestId('ticket-qr');
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      // The door code under the QR, for door staff to type if the QR will not scan.
      const doorCode = (await page.getByTestId('ticket-door-code').innerText()).trim();
      expect(doorCode).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      doorCodes.push(doorCode);
      if (i === 0) await screenshot(page, 'tickets-ticket-detail-desktop');
      await page.keyboard.press('Escape');
      await qr.waitFor({ state: 'detached' });
    }

    const mail = await waitForMail(
      server,
      'fan@fourfour.local',
      (m) => m.subject === `Your tickets for ${event.title}`,
    );
    expect(mail.text).toContain('Ticket 1: STANDARD for Dana Fields');
    expect(mail.text).toContain('VIP for Vic Ray');
    // The email carries the same door codes as the account.
    for (const doorCode of doorCodes) expect(mail.text).toContain(`door code ${doorCode}`);
    expect(new Set(doorCodes).size).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: a member buys one ticket and sees it in the account', async () => {
    const context = await newContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'member@fourfour.local');
    await page.goto(`/purchase/${event.id}`);
    await page.getByRole('button', { name: 'Add Standard' }).click();
    await fillTicket(page, 0, 'Mo', 'Bloom');
    await screenshot(page, 'tickets-purchase-phone');
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/local-pay\/checkout\//);
    await page.getByTestId('local-checkout-total').waitFor();
    await screenshot(page, 'tickets-local-checkout-phone');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await screenshot(page, 'tickets-payment-success-phone');
    await page.goto('/account');
    await page.getByTestId('my-ticket').filter({ hasText: event.title }).first().waitFor();
    await page.getByTestId('account-tickets').scrollIntoViewIfNeeded();
    await screenshot(page, 'tickets-my-tickets-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
