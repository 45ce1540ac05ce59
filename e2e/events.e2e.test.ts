import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Publishing an event: an ADMIN creates a draft with artwork, publishes it from Manage Events,
 * and a fan sees it on /events with the right badge. Screenshots of every events screen at phone
 * and desktop sizes.
 */

const DEMO_PASSWORD = 'FourFour#2026';

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

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page
    .getByLabel('Email')
    .fill(email)
    .catch(async (err) => {
      await screenshot(page, 'events-login-failure');
      throw err;
    });
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** A local date a few weeks ahead, as the date input takes it. */
function dateInDays(days: number): string {
  return new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
}

/** Waits up to 10 s (the default second is short for a lazy screen plus a refetch). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000, interval: 100 });

const card = (page: Page, title: string) => page.locator('article').filter({ hasText: title });

describe('events', () => {
  const title = `Journey Night ${Date.now().toString(36)}`;

  it('an admin creates a draft with artwork, publishes it from Manage Events, and a fan sees it', async () => {
    const admin = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await admin.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'admin@fourfour.local');

    // Create a Coming Soon draft with artwork.
    await page.goto('/admin/events/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A journey through deep house, tested end to end.');
    await page.getByLabel('Location').fill('Warehouse 44, London');
    await page.getByLabel('Date', { exact: true }).fill(dateInDays(21));
    await page.getByLabel('Start time').fill('22:00');
    await page.getByLabel('End time').fill('04:00');
    await poll(() => page.getByText('Ends the next day (overnight).').count()).toBe(1);
    await page.getByLabel('Standard tickets (total)').fill('8');
    await page.getByLabel('Standard ticket price').fill('18.50');
    await page.getByLabel('VIP tickets (total)').fill('2');
    await page.getByLabel('VIP ticket price').fill('45');
    const art = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#6a1b9a' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: art });
    await poll(() => page.getByAltText('Artwork preview').count()).toBe(1);
    await page.getByRole('checkbox', { name: /Coming Soon/ }).check();
    await screenshot(page, 'events-admin-create-desktop');
    await page.getByRole('button', { name: 'Create event' }).click();
    await poll(() => page.getByText('✅ Saved draft.').count()).toBe(1);
    await page.waitForURL((url) => url.pathname === '/admin/events');

    // Manage Events: the draft shows as Coming soon with a Publish action.
    const draft = card(page, title);
    await draft.waitFor().catch(async (err) => {
      await screenshot(page, 'events-failure');
      throw err;
    });
    await poll(() => draft.getByText('Coming soon').count()).toBe(1);
    await poll(() => draft.getByTestId('event-stats').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'events-admin-manage-desktop');
    await draft.getByRole('link', { name: 'Publish' }).click();
    await page.waitForURL(/\/admin\/events\/\d+\/edit\?publish=1$/);
    await poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'events-admin-edit-desktop');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await poll(() => page.getByText('✅ Published!').count()).toBe(1);
    await page.waitForURL((url) => url.pathname === '/admin/events');
    await poll(() => card(page, title).getByText('Upcoming').count()).toBe(1);
    expect(errors).toEqual([]);
    await admin.close();

    // The fan sees it with the Last tickets badge (10 left) and can buy.
    const fan = await newContext(browser, server.baseUrl, DESKTOP);
    const fanPage = await fan.newPage();
    const fanErrors = collectPageErrors(fanPage);
    await logIn(fanPage, 'fan@fourfour.local');
    await fanPage.goto('/events');
    const listed = card(fanPage, title);
    await poll(() => listed.count()).toBe(1);
    expect(await listed.getByTestId('event-badges').textContent()).toBe('Last tickets');
    expect(await listed.getByRole('link', { name: 'Buy tickets' }).getAttribute('href')).toMatch(/^\/purchase\/\d+$/);
    expect(await listed.textContent()).toContain('22:00–04:00');
    // The uploaded artwork is served (not the default poster) and loads.
    const src = await listed.locator('img').getAttribute('src');
    const image = await fanPage.request.get(`${server.baseUrl}${src}`);
    expect(image.headers()['content-type']).toBe('image/webp');
    expect((await sharp(await image.body()).metadata()).width).toBe(800);

    // Demo events in their states: sold out, coming soon, purchase closed; cancelled and past hidden.
    expect(await card(fanPage, "Basement Jack'd Reunion").getByTestId('event-badges').textContent()).toBe('Sold out');
    expect(await card(fanPage, 'Summer Solstice Open Air').getByTestId('event-badges').textContent()).toBe(
      'Coming soon',
    );
    expect(await card(fanPage, 'Vinyl Only').getByTestId('event-badges').textContent()).toBe('Last tickets');
    expect(await card(fanPage, 'Friday Warm-Up').textContent()).toContain('Ticket purchase closed');
    expect(await card(fanPage, 'Garage Classics Night').count()).toBe(0);
    expect(await card(fanPage, "New Year's Day Recovery").count()).toBe(0);
    expect(await card(fanPage, 'Deep Warehouse Sessions').textContent()).toMatch(/You hold \d+ tickets?/);
    // Every card's artwork loads (no broken images).
    await fanPage.waitForLoadState('networkidle');
    const broken = await fanPage
      .locator('article img')
      .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => !i.complete || i.naturalWidth === 0).length);
    expect(broken).toBe(0);
    await screenshot(fanPage, 'events-list-desktop');
    expect(fanErrors).toEqual([]);
    await fan.close();
  });

  it('looks right on a phone', async () => {
    const fan = await newContext(browser, server.baseUrl, PHONE);
    const page = await fan.newPage();
    await logIn(page, 'fan@fourfour.local');
    await page.goto('/events');
    await card(page, 'Deep Warehouse Sessions').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'events-list-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await fan.close();

    const admin = await newContext(browser, server.baseUrl, PHONE);
    const adminPage = await admin.newPage();
    await logIn(adminPage, 'admin@fourfour.local');
    await adminPage.goto('/admin/events');
    await card(adminPage, 'Deep Warehouse Sessions').waitFor();
    await adminPage.waitForLoadState('networkidle');
    await screenshot(adminPage, 'events-admin-manage-phone');
    await card(adminPage, 'Deep Warehouse Sessions').getByRole('button', { name: 'Edit Prices' }).click();
    await card(adminPage, 'Deep Warehouse Sessions')
      .getByRole('button', { name: 'Save prices' })
      .scrollIntoViewIfNeeded();
    await screenshot(adminPage, 'events-admin-prices-phone');
    await adminPage.goto('/admin/events/create');
    await adminPage.getByLabel('Title').waitFor();
    await screenshot(adminPage, 'events-admin-create-phone');
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await admin.close();
  });
});
