import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, collectPageErrors, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { axeBuilder } from './support/axe.ts';
import { logIn } from './support/demo.ts';
import { apiCaller, londonLocal } from './support/door-night.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PRESALE_CODE = 'WAREHOUSE44';
/** A laptop screen (the other journeys' desktop is 1440 wide). */
const LAPTOP = { width: 1280, height: 800 };

/**
 * Ticket releases (issue 20) as fans meet them: an early bird that sells out and gives way to tier 2,
 * and a hidden presale opened with a code. The night is made through the admin API: STANDARD sells a
 * hidden presale (£8), the early bird (£10, 2 tickets), tier 2 (£15) and a final release opening in
 * two days (£20); VIP a members-only release (MIDDLE and above, £25) before the public one (£35).
 */
describe('ticket releases', () => {
  let server: RunningServer;
  let browser: Browser;
  let eventId: number;
  const title = 'Release Ladder Night';
  let call: ReturnType<typeof apiCaller>['call'];
  let login: ReturnType<typeof apiCaller>['login'];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ call, login } = apiCaller(server.baseUrl));
    const admin = await login('admin@fourfour.local');
    const start = londonLocal(new Date(Date.now() + 5 * 24 * 3600_000));
    const end = londonLocal(new Date(Date.now() + 5 * 24 * 3600_000 + 6 * 3600_000));
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title,
        description: 'Early bird, tier 2, final release, and a presale for friends of the house.',
        location: 'Warehouse 44, London',
        date: start.date,
        startTime: start.dateTime,
        endTime: end.dateTime,
        totalStandardTickets: 100,
        totalVipTickets: 30,
        standardTicketPrice: 20,
        vipTicketPrice: 35,
        status: 'PUBLISHED',
      }),
    );
    eventId = ((await call('POST', '/api/admin/events/create', admin, form)) as { id: number }).id;
    const finalOpens = londonLocal(new Date(Date.now() + 2 * 24 * 3600_000)).dateTime;
    await call('PUT', `/api/admin/events/${eventId}/releases`, admin, {
      releases: [
        { ticketType: 'STANDARD', name: 'Friends presale', price: 8, quantity: 5, unlockCode: PRESALE_CODE },
        { ticketType: 'STANDARD', name: 'Early bird', price: 10, quantity: 2 },
        { ticketType: 'STANDARD', name: 'Tier 2', price: 15, quantity: 40 },
        { ticketType: 'STANDARD', name: 'Final release', price: 20, quantity: 40, salesStart: finalOpens },
        { ticketType: 'VIP', name: "Members' VIP", price: 25, quantity: 10, membersOnlyTier: 'MIDDLE' },
        { ticketType: 'VIP', name: 'First release', price: 35, quantity: 20 },
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const card = (page: Page) => page.getByRole('article').filter({ hasText: title });
  const release = (page: Page, name: string) =>
    page.getByTestId('release').filter({ has: page.getByText(name, { exact: true }) });
  const roleOf = (page: Page, name: string) => release(page, name).getAttribute('data-role');

  /** The page's serious and critical WCAG 2.1 AA problems (the page audit's rules), as readable lines. */
  async function accessibilityProblems(page: Page): Promise<string[]> {
    const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** The event's card alone, once its (lazy) artwork has loaded. */
  async function cardShot(page: Page, name: string) {
    // The card shows from the page's HTML at once; the app then draws it anew once (its first view
    // gives way to the page), so the shot waits for the app to have settled.
    await page.waitForLoadState('networkidle');
    await card(page).scrollIntoViewIfNeeded();
    const artwork = card(page).locator('img');
    await expect
      .poll(() => artwork.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await card(page).screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  }

  async function fillTicket(page: Page, index: number, first: string, last: string) {
    const draft = page.getByTestId('ticket-draft').nth(index);
    await draft.getByLabel('First name').fill(first);
    await draft.getByLabel('Last name').fill(last);
    await draft.getByLabel('Date of birth').fill('1994-03-21');
  }

  /** Continue to payment, Pay on the local provider's page, and wait for the success page. */
  async function payLocally(page: Page, total: string) {
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/local-pay\/checkout\//);
    await expect.poll(() => page.getByTestId('local-checkout-total').innerText()).toContain(total);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
  }

  /** Reloads the page until `ready` holds: the list is cached on the server for a few seconds. */
  async function reloadUntil(page: Page, ready: () => Promise<boolean>) {
    await expect
      .poll(
        async () => {
          if (await ready().catch(() => false)) return true;
          await page.reload();
          await page.getByRole('heading', { name: title }).first().waitFor();
          return ready().catch(() => false);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
  }

  it('a fan sees the early bird, buys past it into tier 2, and then sees tier 2 as the current release', async () => {
    const context = await newContext(browser, server.baseUrl, LAPTOP);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'fan@fourfour.local');

    await page.goto('/events');
    await card(page).waitFor();
    const prices = card(page).getByTestId('event-prices');
    expect(await prices.innerText()).toBe('Standard: Early bird £10.00 · next £15.00\nVIP: First release £35.00');
    await cardShot(page, 'releases-events-card-desktop');

    await page.goto(`/purchase/${eventId}`);
    await release(page, 'Early bird').waitFor();
    // The hidden presale is nobody's business without its code.
    expect(await release(page, 'Friends presale').count()).toBe(0);
    expect(await roleOf(page, 'Early bird')).toBe('current');
    expect(await roleOf(page, 'Tier 2')).toBe('next');
    expect(await roleOf(page, 'Final release')).toBe('upcoming');
    expect(await release(page, 'Final release').innerText()).toMatch(/Opens \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    // Badges are upper-cased by CSS: their text as written.
    expect(await release(page, "Members' VIP").textContent()).toContain('MIDDLE members and above');
    expect(await roleOf(page, "Members' VIP")).toBe('members-only');
    expect(await roleOf(page, 'First release')).toBe('current');
    await page.getByText('£10.00 · next £15.00 · 42 left').waitFor();
    await screenshot(page, 'releases-purchase-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Three tickets: the early bird's last two and one from tier 2.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add Standard' }).click();
    await fillTicket(page, 0, 'Ada', 'Lovelace');
    await fillTicket(page, 1, 'Grace', 'Hopper');
    await fillTicket(page, 2, 'Alan', 'Turing');
    await page.getByText('Total £35.00').waitFor();
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await page.getByText('Tickets reserved').waitFor();
    expect(await page.getByTestId('reserved-prices').getByRole('listitem').allInnerTexts()).toEqual([
      'Ticket 1 · Standard · Early bird · £10.00',
      'Ticket 2 · Standard · Early bird · £10.00',
      'Ticket 3 · Standard · Tier 2 · £15.00',
    ]);
    await page.getByText('Total £35.00').waitFor();
    await screenshot(page, 'releases-reserved-desktop');
    await payLocally(page, '£35.00');

    // The early bird is sold out: struck through, and tier 2 is the price now.
    await page.goto(`/purchase/${eventId}`);
    await reloadUntil(page, async () => (await roleOf(page, 'Early bird')) === 'sold-out');
    expect(await roleOf(page, 'Tier 2')).toBe('current');
    expect(await roleOf(page, 'Final release')).toBe('next');
    const struck = release(page, 'Early bird').getByText('Early bird', { exact: true });
    expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    await page.getByText('£15.00 · next £20.00 · 39 left').waitFor();
    await page.getByRole('button', { name: 'Add Standard' }).click();
    await page.getByText('Total £15.00').waitFor();
    await screenshot(page, 'releases-purchase-after-early-bird-desktop');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.goto('/events');
    await reloadUntil(page, async () =>
      (await prices.innerText()).startsWith('Standard: Tier 2 £15.00 · next £20.00\n'),
    );

    const fan = await login('fan@fourfour.local');
    const mine = (await call('GET', '/api/account/my-tickets', fan)) as { eventId: number; pricePaid: number }[];
    expect(
      mine
        .filter((t) => t.eventId === eventId)
        .map((t) => t.pricePaid)
        .sort((a, b) => a - b),
    ).toEqual([10, 10, 15]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, another fan opens the hidden presale with its code (after a wrong one) and pays its price', async () => {
    const context = await newContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'raver@fourfour.local');

    await page.goto('/events');
    await cardShot(page, 'releases-events-card-phone');

    await page.goto(`/purchase/${eventId}`);
    await release(page, 'Tier 2').waitFor();
    expect(await release(page, 'Friends presale').count()).toBe(0);
    await page.getByRole('button', { name: 'Have a presale code?' }).click();
    const codeField = page.getByRole('textbox', { name: 'Presale code' });
    await codeField.fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply presale code' }).click();
    await page.getByText('That code is not valid for this event.').waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'releases-presale-wrong-code-phone');

    await codeField.fill(PRESALE_CODE.toLowerCase());
    await page.getByRole('button', { name: 'Apply presale code' }).click();
    await page.getByText(`Presale code ${PRESALE_CODE} applied.`).waitFor();
    const presale = release(page, 'Friends presale');
    await presale.waitFor();
    expect(await presale.textContent()).toContain('Unlocked by your code');
    expect(await roleOf(page, 'Friends presale')).toBe('current');
    expect(await roleOf(page, 'Early bird')).toBe('sold-out');
    expect(await roleOf(page, 'Tier 2')).toBe('next');
    await page.getByText('£8.00 · next £15.00 · 44 left').waitFor();
    await screenshot(page, 'releases-purchase-presale-phone');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Standard' }).click();
    await fillTicket(page, 0, 'Frankie', 'Knuckles');
    await page.getByText('Total £8.00').waitFor();
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await page.getByText('Tickets reserved').waitFor();
    await page.getByText('Total £8.00').waitFor();
    expect(await page.getByTestId('reserved-prices').count()).toBe(0);
    await payLocally(page, '£8.00');

    const raver = await login('raver@fourfour.local');
    const mine = (await call('GET', '/api/account/my-tickets', raver)) as { eventId: number; pricePaid: number }[];
    expect(mine.filter((t) => t.eventId === eventId).map((t) => t.pricePaid)).toEqual([8]);
    // The wrong code was answered 400, as it should be; nothing else went wrong.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  });
});
