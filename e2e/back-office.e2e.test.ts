import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeBuilder } from './support/axe.ts';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { logIn } from './support/demo.ts';
import { type DoorTicket, openDoorNight } from './support/door-night.ts';
import { type RunningServer, startServer, waitForMail } from './support/server.ts';

const BUYER = 'fan@fourfour.local';

/**
 * The promoter's back office (issue 21) as a promoter uses it the night before: a buyer writes
 * "my friend can't come, and I bought one too many". The admin finds the order by an attendee's
 * name typed without its accents, changes one attendee's name, refunds another ticket, and the
 * buyer's mailbox shows both mails.
 */
describe('the back office', () => {
  let server: RunningServer;
  let browser: Browser;
  let work: string;
  let tickets: DoorTicket[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    work = mkdtempSync(path.join(tmpdir(), 'fourfour-back-office-'));
    // One order of three STANDARD tickets (£15 each) bought by the demo fan.
    ({ tickets } = await openDoorNight(server.baseUrl, work, 'Back Office Night', ['Zoë', 'Marek', 'Inès'], {
      lastName: 'Ångström',
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The page's serious and critical WCAG 2.1 AA problems, as readable lines. */
  async function accessibilityProblems(page: Page): Promise<string[]> {
    const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('finds an order by an attendee typed without accents, changes a name, refunds one ticket, and the buyer gets both mails', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'admin@fourfour.local');

    // The search box comes first and has the focus: type a name, find the order.
    await page.goto('/admin/orders');
    const search = page.getByRole('searchbox');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('zoe angstrom');
    const row = page.locator('[data-testid^="order-row-"]');
    await expect.poll(() => row.count()).toBe(1);
    // The row names the order's attendees (two, then "+1") and its night.
    expect(await row.innerText()).toMatch(/Ångström \(Std\), .+ Ångström \(Std\) \+1/);
    expect(await row.innerText()).toContain('Back Office Night');
    await screenshot(page, 'back-office-orders-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);
    await row.getByRole('link').click();
    await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const ticketRow = (t: DoorTicket) => page.getByTestId(`order-ticket-${t.ticketId}`);
    await ticketRow(tickets[0]!).waitFor();

    // Marek cannot come: his friend Mira takes the ticket, which keeps its QR.
    await page.getByRole('button', { name: 'Change name' }).click();
    await page.getByRole('menuitem', { name: /Marek Ångström/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the attendee' });
    await dialog.getByLabel('First name').fill('Mira');
    await dialog.getByLabel('Last name').fill('Kowalska');
    await dialog.getByLabel('Date of birth').fill('1996-07-30');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => ticketRow(tickets[1]!).innerText()).toContain('Mira Kowalska');

    // One ticket too many: Inès's is refunded, £15 back, the other two stay valid.
    await page.getByRole('button', { name: 'Refund tickets' }).click();
    const refund = page.getByRole('dialog', { name: /^Refund tickets of order / });
    await refund.getByRole('checkbox', { name: /Inès Ångström/ }).check();
    await refund.getByLabel('Reason').fill('Bought one too many');
    expect(await refund.getByTestId('refund-amount').innerText()).toBe('To refund: £15.00 for 1 ticket');
    await refund.getByRole('button', { name: 'Refund £15.00' }).click();
    await refund.getByRole('button', { name: 'Yes, refund £15.00' }).click();
    await refund.waitFor({ state: 'hidden' });
    // Badges are upper-cased by CSS: their text as written.
    await expect.poll(() => ticketRow(tickets[2]!).textContent()).toContain('Void');
    expect(await ticketRow(tickets[0]!).textContent()).toContain('Valid');
    expect(await ticketRow(tickets[1]!).textContent()).toContain('Valid');
    expect(await page.getByText('£15.00 refunded').count()).toBe(1);
    // The history tells the story, with who did it.
    const history = await page.getByTestId('order-history').innerText();
    expect(history).toMatch(/Mira Kowalska/);
    expect(history).toMatch(/Refund/i);
    await screenshot(page, 'back-office-order-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);

    // The buyer's mailbox has both mails.
    const renamed = await waitForMail(server, BUYER, (m) => m.subject.startsWith('Attendee changed'));
    expect(renamed.text).toContain('Mira Kowalska');
    const refunded = await waitForMail(server, BUYER, (m) => m.subject.startsWith('Refunded: 1 ticket(s)'));
    expect(refunded.text).toContain('£15.00');
    await page.goto('/dev/mailbox');
    await page
      .getByText(/^Attendee changed/)
      .first()
      .waitFor();
    await page
      .getByText(/^Refunded: 1 ticket\(s\)/)
      .first()
      .waitFor();
    await screenshot(page, 'back-office-buyer-mailbox');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the order page and the attendee list fit the screen', async () => {
    const context = await newContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'admin@fourfour.local');
    await page.goto('/admin/orders');
    await page.getByRole('searchbox').fill('kowalska');
    const row = page.locator('[data-testid^="order-row-"]');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link').click();
    await page.getByTestId(`order-ticket-${tickets[1]!.ticketId}`).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'back-office-order-phone');

    const orderPath = new URL(page.url()).pathname;
    expect(orderPath).toMatch(/^\/admin\/orders\//);
    const eventLink = page.getByRole('link', { name: 'Back Office Night' }).first();
    const eventHref = await eventLink.getAttribute('href');
    const eventId = eventHref?.match(/\/admin\/events\/(\d+)/)?.[1];
    expect(eventId).toBeDefined();
    await page.goto(`/admin/events/${eventId}/attendees`);
    await page.getByText('Kowalska').first().waitFor();
    // The refunded ticket is listed as void, the others as valid: the door's paper backup.
    expect(await page.locator('main').innerText()).toMatch(/Ångström/);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'back-office-attendees-phone');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
