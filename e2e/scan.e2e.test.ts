import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedCode } from '../apps/api/test/forged-code.ts';
import { doorCodeOf, SCAN_MESSAGES } from '../packages/shared/src/scan.ts';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, openDoorNight } from './support/door-night.ts';
import { type RunningServer, startServer } from './support/server.ts';

const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * Door scanning in Chromium with a fake camera that shows a real ticket's QR code: the ticket is
 * bought through the local checkout by the demo fan for an event whose doors are open, its QR is
 * fetched as the fan sees it, turned into a looping .y4m video with ffmpeg, and door@ scans it.
 */
describe('door staff scan tickets with the phone camera', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'fourfour-scan-e2e-'));
  let tickets: { ticketId: string; code: string; video: string; firstName: string }[] = [];

  beforeAll(async () => {
    server = await startServer();
    // An event starting in three hours: still on sale (sales close 2 h before) and open for entry (12 h before).
    const night = await openDoorNight(server.baseUrl, work, 'Door Test Night', ['Zara', 'Theo', 'Ines'], {
      lastName: 'Mensah',
      ticketTypes: ['VIP', 'STANDARD', 'STANDARD'],
    });
    tickets = [...night.tickets].sort((a, b) => a.firstName.localeCompare(b.firstName));
    expect(tickets.map((t) => t.firstName)).toEqual(['Ines', 'Theo', 'Zara']);
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  async function openScanner(browser: Browser, viewport: typeof PHONE) {
    const context = await newContext(browser, server.baseUrl, viewport);
    await context.grantPermissions(['camera'], { origin: server.baseUrl });
    const page = await context.newPage();
    // Refusals are answered 404/409/410 by design; the browser logs those as failed loads.
    const all = collectPageErrors(page);
    const errors = {
      get list() {
        return all.filter(
          (e) => !/Failed to load resource: the server responded with a status of (404|409|410)/.test(e),
        );
      },
    };
    // Signs in as the door account: the refresh cookie the login sets restores the session on load.
    const res = await page.request.post('/api/auth/login', {
      data: { email: 'door@fourfour.local', password: DEMO_PASSWORD },
    });
    expect(res.status()).toBe(200);
    await page.goto('/ticket/scan');
    return { page, errors, context };
  }

  const validCard = (page: Page) => page.getByTestId('scan-valid');
  const notValidCard = (page: Page) => page.getByTestId('scan-not-valid');

  it('admits a real ticket from the camera, then refuses it on the second scan (phone)', async () => {
    const ticket = tickets[2]!; // Zara, VIP
    const browser = await launchBrowser([...FAKE_CAMERA, `--use-file-for-fake-video-capture=${ticket.video}`]);
    browsers.push(browser);

    const first = await openScanner(browser, PHONE);
    await validCard(first.page).waitFor({ timeout: 60_000 });
    const text = await validCard(first.page).innerText();
    expect(text).toMatch(/Valid/i);
    expect(text).toContain('Zara Mensah');
    expect(text).toContain('VIP');
    expect(text).toContain('Door Test Night');
    await first.page.getByRole('button', { name: 'Scan next ticket' }).waitFor();
    const overflow = await first.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(first.page, 'scan-valid-phone');
    expect(first.errors.list).toEqual([]);

    // The camera stopped after the read: the same code still in view does not scan again by itself.
    await first.page.waitForTimeout(1500);
    expect(await notValidCard(first.page).count()).toBe(0);

    // "Scan next ticket" restarts the camera, which sees the same ticket again: already used.
    await first.page.getByRole('button', { name: 'Scan next ticket' }).click();
    await notValidCard(first.page).waitFor({ timeout: 60_000 });
    const refused = await notValidCard(first.page).innerText();
    expect(refused).toMatch(/Not Valid/i);
    expect(refused).toMatch(/Already used: admitted at \d{2}:\d{2} on .+ by door/);
    expect(refused).toContain(ticket.code);
    await screenshot(first.page, 'scan-already-used-phone');
    await first.context.close();

    // A second session (another door) opening the scanner gets the same answer.
    const second = await openScanner(browser, PHONE);
    await notValidCard(second.page).waitFor({ timeout: 60_000 });
    expect(await notValidCard(second.page).getAttribute('data-status')).toBe('ALREADY_USED');
    expect(second.errors.list).toEqual([]);
    await second.context.close();
  });

  it('admits on a desktop-sized screen too, and checks a typed code', async () => {
    const ticket = tickets[1]!; // Theo, STANDARD
    const browser = await launchBrowser([...FAKE_CAMERA, `--use-file-for-fake-video-capture=${ticket.video}`]);
    browsers.push(browser);
    const { page, errors, context } = await openScanner(browser, DESKTOP);
    await validCard(page).waitFor({ timeout: 60_000 });
    expect(await validCard(page).innerText()).toContain('Theo Mensah');
    await screenshot(page, 'scan-valid-desktop');

    // Manual entry of an altered code: a red card with the server's reason and the code typed.
    const altered = forgedCode(ticket.code);
    await page.getByRole('textbox', { name: 'Ticket code' }).fill(altered);
    await page.getByRole('button', { name: 'Check code' }).click();
    await notValidCard(page).waitFor();
    const text = await notValidCard(page).innerText();
    expect(text).toContain(SCAN_MESSAGES.invalid);
    expect(text).toContain(altered);
    await screenshot(page, 'scan-not-valid-desktop');
    expect(errors.list).toEqual([]);
    await context.close();
  });

  it('shows the idle scanner, and a clear message with manual entry when there is no camera', async () => {
    // Chromium's own fake camera (a test pattern, no QR): the scanner waits.
    const browser = await launchBrowser(FAKE_CAMERA);
    browsers.push(browser);
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, errors, context } = await openScanner(browser, viewport);
      await page.locator('#ticket-scan-reader video').waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>('#ticket-scan-reader video');
        return !!v && v.readyState >= 2 && v.videoWidth > 0;
      });
      await page.getByText('Point the camera at the ticket’s QR code.').waitFor();
      await screenshot(page, `scan-idle-${label}`);

      // A forged code typed by hand on the phone.
      if (label === 'phone') {
        await page.getByRole('textbox', { name: 'Ticket code' }).fill('FT1.not-a-real-ticket');
        await page.getByRole('button', { name: 'Check code' }).click();
        await notValidCard(page).waitFor();
        expect(await notValidCard(page).innerText()).toContain(SCAN_MESSAGES.invalid);
        await screenshot(page, 'scan-not-valid-phone');
      }
      expect(errors.list).toEqual([]);
      await context.close();
    }

    // No camera device at all (no fake device): the message, and the typed code still works.
    const bare = await launchBrowser();
    browsers.push(bare);
    const { page, context } = await openScanner(bare, PHONE);
    const alert = page.getByRole('alert').filter({ hasText: 'Camera unavailable' });
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.innerText()).toMatch(
      new RegExp(
        `${SCAN_MESSAGES.cameraMissing}|${SCAN_MESSAGES.cameraDenied}|${SCAN_MESSAGES.cameraFailed}`.replace(
          /\./g,
          '\\.',
        ),
      ),
    );
    await page.getByRole('textbox', { name: 'Ticket code' }).waitFor();
    await screenshot(page, 'scan-no-camera-phone');

    // The door code printed under Ines's QR, typed as a hurried door worker would: admitted.
    const ines = tickets[0]!;
    await page
      .getByRole('textbox', { name: 'Ticket code' })
      .fill(doorCodeOf(ines.ticketId).toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Check code' }).click();
    await validCard(page).waitFor();
    expect(await validCard(page).innerText()).toContain('Ines Mensah');
    await screenshot(page, 'scan-door-code-valid-phone');
    await context.close();
  });
});
