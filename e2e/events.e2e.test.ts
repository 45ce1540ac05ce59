import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { apiCaller } from './support/door-night.ts';
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
    // The cards paint from the page's HTML; the fan's own counts join them once asked for.
    await poll(() =>
      card(fanPage, 'Deep Warehouse Sessions')
        .getByText(/You hold \d+ tickets?/)
        .count(),
    ).toBe(1);
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

  it("paints the list's cards from the page's HTML, and the app starts on the same list without asking again", async () => {
    // An event whose title tries to end the page's data block and run a script of its own.
    const { call, login } = apiCaller(server.baseUrl);
    const hostile = `</script><script>window.pwned=1</script><!-- ${Date.now().toString(36)}`;
    const form = new FormData();
    form.append('data', JSON.stringify({ title: hostile, status: 'PLANNED', totalStandardTickets: 10 }));
    const created = await call('POST', '/api/admin/events/create', await login('admin@fourfour.local'), form);

    // No script at all: the HTML alone shows the cards (the first one's artwork asked for at once).
    const still = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false, viewport: PHONE });
    const stillPage = await still.newPage();
    await stillPage.goto('/events');
    await poll(() => card(stillPage, 'Deep Warehouse Sessions').count()).toBe(1);
    expect(await card(stillPage, hostile).getByRole('heading').textContent()).toBe(hostile);
    expect(await stillPage.locator('article img').first().getAttribute('fetchpriority')).toBe('high');
    expect(await card(stillPage, 'Garage Classics Night').count()).toBe(0);
    await screenshot(stillPage, 'events-list-html-only-phone');
    // A purchase page: its event's headline, the title as text.
    await stillPage.goto(`/purchase/${created.id}`);
    expect(await stillPage.getByRole('heading', { level: 1 }).textContent()).toBe(hostile);
    await stillPage.goto('/purchase/999999');
    expect(await stillPage.getByRole('heading', { level: 1 }).count()).toBe(0);
    await still.close();

    // With the app: no request for the list on the first load, no loading cards in between, and the
    // hostile title is text, not a script.
    const fan = await newContext(browser, server.baseUrl, PHONE);
    const page = await fan.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'fan@fourfour.local');
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events/list') listRequests.push(request.url());
    });
    await page.addInitScript(() => {
      const seen = window as unknown as { loadingCardsSeen: number; shifted: number };
      seen.loadingCardsSeen = 0;
      seen.shifted = 0;
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Loading events"]')) seen.loadingCardsSeen++;
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/events');
    await poll(() =>
      card(page, 'Deep Warehouse Sessions')
        .getByText(/You hold \d+ tickets?/)
        .count(),
    ).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await card(page, hostile).getByRole('heading').textContent()).toBe(hostile);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { loadingCardsSeen: number }).loadingCardsSeen)).toBe(0);
    // The cards painted from the HTML hold still while the app takes over (the fan's count line
    // added to a card moves what is below it a little: ~0.01). 0.21 when the page's stylesheets
    // came only with its code.
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.05);
    expect(listRequests).toEqual([]);
    expect(errors).toEqual([]);
    await fan.close();
  });

  it('an admin adds two ticket releases, reorders them, saves, and finds them after a reload', async () => {
    const { call, login } = apiCaller(server.baseUrl);
    const form = new FormData();
    const releasesTitle = `Release Editor Night ${Date.now().toString(36)}`;
    form.append('data', JSON.stringify({ title: releasesTitle, status: 'PLANNED', totalStandardTickets: 60 }));
    const created = await call('POST', '/api/admin/events/create', await login('admin@fourfour.local'), form);

    const admin = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await admin.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'admin@fourfour.local');
    await page.goto(`/admin/events/${created.id}/edit`);
    const standard = page.getByTestId('releases-STANDARD');
    await standard.getByText('None: Standard tickets sell').waitFor();
    const rows = standard.getByTestId('release-row');
    const names = () =>
      rows.getByLabel('Name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

    // Two releases; a row without a name is refused before anything is sent.
    await page.getByRole('button', { name: 'Add standard release' }).click();
    await page.getByRole('button', { name: 'Add standard release' }).click();
    await page.getByRole('button', { name: 'Save releases' }).click();
    await poll(() => rows.first().getByText('Each release needs a name (at most 60 characters).').count()).toBe(1);
    await rows.nth(0).getByLabel('Name').fill('Early bird');
    await rows.nth(0).getByLabel('Price').fill('10');
    await rows.nth(0).getByLabel('Quantity').fill('20');
    await rows.nth(1).getByLabel('Name').fill('Tier 2');
    await rows.nth(1).getByLabel('Price').fill('15');
    await rows.nth(1).getByLabel('Quantity').fill('40');
    await rows.nth(1).getByLabel('Presale code').fill('crew-24');
    await rows.nth(1).getByLabel('Members only').selectOption('MIDDLE');

    // The arrows move a release within its type; the first one's up arrow is marked disabled (and stays focusable).
    await page.getByRole('button', { name: 'Move Tier 2 up' }).click();
    expect(await names()).toEqual(['Tier 2', 'Early bird']);
    expect(await page.getByRole('button', { name: 'Move Tier 2 up' }).getAttribute('aria-disabled')).toBe('true');
    // Dragging a release by its handle onto another puts it in that one's place.
    await rows.nth(1).getByTestId('release-drag-handle').dragTo(rows.nth(0));
    expect(await names()).toEqual(['Early bird', 'Tier 2']);
    await page.getByRole('button', { name: 'Move Early bird down' }).click();
    expect(await names()).toEqual(['Tier 2', 'Early bird']);

    await page.getByRole('button', { name: 'Save releases' }).click();
    await poll(() => page.getByText('Releases saved.').count()).toBe(1);
    // The event form's STANDARD figures are now the releases' (the public ones: Early bird's 20).
    const total = page.getByLabel('Standard tickets (total)');
    await poll(() => total.inputValue()).toBe('20');
    expect(await total.isDisabled()).toBe(true);
    expect(await page.getByText('Set by the releases below.').count()).toBe(2);
    await screenshot(page, 'events-admin-releases-desktop');

    await page.reload();
    await poll(() => names()).toEqual(['Tier 2', 'Early bird']);
    expect(await rows.nth(0).getByLabel('Presale code').inputValue()).toBe('CREW-24');
    expect(await rows.nth(0).getByLabel('Members only').inputValue()).toBe('MIDDLE');
    expect(await rows.nth(1).getByTestId('release-stock').textContent()).toBe('Sold 0 · Held 0 · Left 20');
    expect(errors).toEqual([]);
    await admin.close();

    // On a phone the rows stack inside the screen.
    const phone = await newContext(browser, server.baseUrl, PHONE);
    const phonePage = await phone.newPage();
    await logIn(phonePage, 'admin@fourfour.local');
    await phonePage.goto(`/admin/events/${created.id}/edit`);
    await phonePage.getByTestId('release-row').first().waitFor();
    await screenshot(phonePage, 'events-admin-releases-phone');
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await phone.close();
  });
});
