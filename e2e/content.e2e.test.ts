import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { type RunningServer, startServer, waitForMail } from './support/server.ts';

const PASSWORD = 'FourFour#2026';
const AR_EMAIL = 'ar-e2e@fourfour.local';
const MP3 = readFileSync(path.resolve(import.meta.dirname, '../apps/api/test/fixtures/tone.mp3'));

/**
 * Signs in through the API (POST /api/auth/login sets the refresh cookie in this browser context);
 * the page then restores the session through /api/auth/refresh as it does after a reload.
 */
async function signIn(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

/** The Spotify player cannot load here (no network): its frame's failures are not the page's. */
const pageErrorsOf = (page: Page) => {
  const errors = collectPageErrors(page);
  return () => errors.filter((e) => !/spotify|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::/i.test(e));
};

/** On a phone and on a desktop, each in a fresh context signed in as the fan, with no page errors. */
async function asFanOnEachViewport(
  browser: Browser,
  baseUrl: string,
  run: (page: Page, label: 'phone' | 'desktop') => Promise<void>,
): Promise<void> {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const fan = await newContext(browser, baseUrl, viewport);
    await signIn(fan, 'fan@fourfour.local');
    const page = await fan.newPage();
    const errors = pageErrorsOf(page);
    await run(page, label);
    expect(errors()).toEqual([]);
    await fan.close();
  }
}

describe('community content in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ AR_TEAM_EMAIL: AR_EMAIL });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a fan submits an MP3 and the A&R team gets the mail', async () => {
    const context = await newContext(browser, server.baseUrl, PHONE);
    await signIn(context, 'fan@fourfour.local');
    const page = await context.newPage();
    const errors = pageErrorsOf(page);
    await page.goto('/song-submission');
    await page.getByRole('heading', { name: 'Submit your song' }).waitFor();
    await expect(page.getByText('WAV and AIFF uploads are coming soon.').isVisible()).resolves.toBe(true);
    await screenshot(page, 'content-song-submission-empty-phone');

    // Sending with nothing filled in shows the spec's messages.
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Send to A&R' }).click();
    await page.getByText('First name is required.').waitFor();
    await page.getByText('Please attach an MP3 file.').waitFor();

    await page.getByLabel('First name').fill('Kaia');
    await page.getByLabel('Last name').fill('Moreno');
    await page.getByLabel('Email').fill('kaia.e2e@example.test');
    await page.getByLabel('Birth date').fill('1996-04-12');
    await page.getByLabel('Spotify or SoundCloud link (optional)').fill('https://soundcloud.com/kaia/midnight');
    await page.getByLabel('Performing at our events').check();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'midnight.mp3', mimeType: 'audio/mpeg', buffer: MP3 });
    await page.getByText('midnight.mp3').waitFor();
    await screenshot(page, 'content-song-submission-filled-phone');
    await page.getByRole('button', { name: 'Send to A&R' }).click();
    await page.getByText('Thanks! Your song has been submitted.').waitFor();
    // The form is cleared.
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    expect(await page.getByText('midnight.mp3').count()).toBe(0);

    const mail = await waitForMail(server, AR_EMAIL, (m) => m.subject.includes('Kaia Moreno'));
    expect(mail.text).toContain('kaia.e2e@example.test');
    expect(mail.text).toContain('Performing at our events');
    expect(mail.text).toMatch(/\/api\/admin\/submissions\/\d+\/file/);
    // The confirmation goes to the signed-in account's own address, never to one typed in the form,
    // and quotes nothing from the form (issue 16 item 7).
    const confirmation = await waitForMail(server, 'fan@fourfour.local', (m) => m.subject === 'We received your song');
    expect(confirmation.text).not.toContain('Kaia');
    expect((await server.mailbox('kaia.e2e@example.test')).length).toBe(0);
    expect(errors()).toEqual([]);
    await context.close();

    // An admin finds it in the inbox and can play it (the file comes through the authenticated route).
    const admin = await newContext(browser, server.baseUrl, DESKTOP);
    await signIn(admin, 'admin@fourfour.local');
    const inbox = await admin.newPage();
    const inboxErrors = pageErrorsOf(inbox);
    await inbox.goto('/admin/submissions');
    const card = inbox.getByTestId('submission').filter({ hasText: 'Kaia Moreno' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Listen' }).click();
    await card.locator('audio[src^="blob:"]').waitFor();
    await card.getByLabel('Reviewed').check();
    await expect.poll(() => card.getByLabel('Reviewed').isChecked()).toBe(true);
    await screenshot(inbox, 'content-admin-submissions-desktop');
    expect(inboxErrors()).toEqual([]);
    await admin.close();
  });

  it('an admin edits the Top 5 and a fan sees it', async () => {
    const admin = await newContext(browser, server.baseUrl, DESKTOP);
    await signIn(admin, 'admin@fourfour.local');
    const page = await admin.newPage();
    const errors = pageErrorsOf(page);
    await page.goto('/admin/adminTop5Editor');
    const row1 = page.locator('fieldset[data-rank="1"]');
    await row1.getByLabel('Title').waitFor();
    expect(await row1.getByLabel('Title').inputValue()).toBe('Midnight Pressure');

    // A blank title names its row.
    await page.locator('fieldset[data-rank="3"]').getByLabel('Title').fill('');
    await page.getByRole('button', { name: 'Save Top 5' }).click();
    await page.getByRole('alert').filter({ hasText: 'Row #3: title and artist are required.' }).waitFor();
    await page.locator('fieldset[data-rank="3"]').getByLabel('Title').fill('Body Language (Dub Mix)');

    await row1.getByLabel('Title').fill('Warehouse Anthem');
    await row1.getByRole('textbox', { name: 'Artist', exact: true }).fill('E2E Selector');
    await row1
      .getByLabel('Spotify URL or track ID')
      .fill('https://open.spotify.com/track/1a2B3c4D5e6F7g8H9i0JkL?si=abc123');
    const artwork = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00bfa5' } })
      .png()
      .toBuffer();
    await row1
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: artwork });
    await row1.getByText('cover.png').waitFor();
    await screenshot(page, 'content-top5-editor-desktop');
    await page.getByRole('button', { name: 'Save Top 5' }).click();
    await page.getByText('Top 5 updated!').waitFor();
    expect(errors()).toEqual([]);
    await admin.close();

    await asFanOnEachViewport(browser, server.baseUrl, async (fanPage, label) => {
      await fanPage.goto('/top5-songs');
      await fanPage.getByRole('heading', { name: 'Warehouse Anthem' }).waitFor();
      await fanPage.getByText('E2E Selector').waitFor();
      const player = fanPage.locator('iframe[title^="Spotify player: Warehouse Anthem"]');
      expect(await player.getAttribute('src')).toBe('https://open.spotify.com/embed/track/1a2B3c4D5e6F7g8H9i0JkL');
      expect(await player.getAttribute('height')).toBe('152');
      const open = fanPage.getByRole('link', { name: /Open in Spotify/ }).first();
      expect(await open.getAttribute('href')).toBe('https://open.spotify.com/track/1a2B3c4D5e6F7g8H9i0JkL');
      const artworkSrc = await fanPage.getByRole('img', { name: 'Artwork for Warehouse Anthem' }).getAttribute('src');
      expect(artworkSrc).toMatch(/^\/api\/media\/files\/top5\/.+\.webp$/);
      const overflow = await fanPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(fanPage, `content-top5-${label}`);
    });
  });

  it('an admin adds a DJ who appears on /roster, and the team page shows the team', async () => {
    const admin = await newContext(browser, server.baseUrl, DESKTOP);
    await signIn(admin, 'admin@fourfour.local');
    const page = await admin.newPage();
    const errors = pageErrorsOf(page);
    await page.goto('/admin/roster');
    await page.getByTestId('roster-admin-entry').first().waitFor();
    await page.getByLabel('Name').fill('DJ Playwright');
    const portrait = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#7c4dff' } })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await page.getByRole('button', { name: 'Replace image' }).waitFor();
    await page.getByLabel('Bio').fill('Headless browser by day, peak-time selector by night.');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await page.getByText('DJ Playwright was added.').waitFor();
    await page.getByTestId('roster-admin-entry').filter({ hasText: 'DJ Playwright' }).getByText('Active').waitFor();
    await screenshot(page, 'content-roster-admin-desktop');
    await page.goto('/admin/team');
    await page.getByRole('heading', { name: 'Team members' }).waitFor();
    await page.getByText('Olivia Grant').waitFor();
    await screenshot(page, 'content-team-admin-desktop');
    expect(errors()).toEqual([]);
    await admin.close();

    await asFanOnEachViewport(browser, server.baseUrl, async (fanPage, label) => {
      await fanPage.goto('/roster');
      const djs = fanPage.getByRole('list', { name: 'DJs' });
      await djs.getByText('DJ Playwright').waitFor();
      await fanPage.getByRole('list', { name: 'Creators' }).getByText('Jade Okonkwo').waitFor();
      const overflow = await fanPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(fanPage, `content-roster-${label}`);

      await djs.getByRole('button', { name: /DJ Playwright/ }).click();
      const dialog = fanPage.getByRole('dialog');
      await dialog.getByText('Headless browser by day').waitFor();
      await dialog.getByText(/For bookings and third-party work/).waitFor();
      await screenshot(fanPage, `content-roster-modal-${label}`);
      await fanPage.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // A bio that names the management address gets no second contact line.
      await djs.getByRole('button', { name: /Nova Reyes/ }).click();
      await fanPage
        .getByRole('dialog')
        .getByText(/Bookings: management@/)
        .waitFor();
      expect(
        await fanPage
          .getByRole('dialog')
          .getByText(/For bookings and third-party work/)
          .count(),
      ).toBe(0);
      await fanPage.keyboard.press('Escape');

      await fanPage.goto('/team');
      await fanPage.getByText('Olivia Grant').waitFor();
      await fanPage.getByText('Head of A&R').waitFor();
      await screenshot(fanPage, `content-team-${label}`);
    });
  });
});
