import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  collectPageErrors,
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { DEMO_PASSWORD } from './support/demo.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Signed-in devices (issue 16): one account signed in on a laptop and a phone; the laptop sees both
 * on the account page, signs the phone out, and the phone's next step lands on /login; then the
 * phone, signed in again, signs out everywhere else. Screenshots at desktop and phone sizes.
 */

const EMAIL = 'raver@fourfour.local';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

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

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

const devicesOf = (page: Page) => page.getByTestId('account-devices').getByTestId('signed-in-device');

describe('signed-in devices', () => {
  it('lists both devices, signs the other one out, and that device is sent to /login', async () => {
    const laptop = await newContext(browser, server.baseUrl, DESKTOP);
    const phone = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: ANDROID_CHROME,
    });
    const onLaptop = await laptop.newPage();
    const onPhone = await phone.newPage();
    const errors = [...collectPageErrors(onLaptop), ...collectPageErrors(onPhone)];

    await signIn(onLaptop);
    await signIn(onPhone);

    // The laptop's account page lists both, itself marked.
    await onLaptop.goto('/account');
    const section = onLaptop.getByTestId('account-devices');
    await section.getByRole('heading', { name: 'Signed-in devices' }).waitFor();
    // The card's list loads as it comes near the screen, as for a person scrolling down to it.
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => devicesOf(onLaptop).count()).toBe(2);
    const self = devicesOf(onLaptop).filter({ hasText: 'This device' });
    expect(await self.count()).toBe(1);
    expect(await self.textContent()).toContain('Chrome on Linux');
    expect(await self.getByRole('button', { name: /^Sign out/ }).count()).toBe(0);
    const other = devicesOf(onLaptop).filter({ hasText: 'Chrome on Android' });
    expect(await other.textContent()).toMatch(/Signed in .+Last used .+/);
    await screenshot(onLaptop, 'devices/account-devices-desktop');
    await section.screenshot({ path: path.join(ARTIFACTS, 'devices/devices-section-desktop.png') });

    // Sign the phone out from the laptop.
    await other.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await section.getByRole('status').filter({ hasText: 'That device is signed out.' }).waitFor();
    await expect.poll(() => devicesOf(onLaptop).count()).toBe(1);
    expect(await section.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);

    // The phone still shows the home page; its next step that needs the account ends at /login.
    expect(new URL(onPhone.url()).pathname).toBe('/');
    await onPhone.getByRole('button', { name: 'Open menu' }).click();
    await onPhone.getByRole('dialog').getByRole('link', { name: 'Account' }).click();
    await onPhone.waitForURL((url) => url.pathname === '/login');

    // Signed in again on the phone: both listed there, and "Sign out everywhere else" ends the laptop.
    await signIn(onPhone);
    await onPhone.goto('/account');
    const phoneSection = onPhone.getByTestId('account-devices');
    await phoneSection.scrollIntoViewIfNeeded();
    await expect.poll(() => devicesOf(onPhone).count()).toBe(2);
    expect(await devicesOf(onPhone).filter({ hasText: 'This device' }).textContent()).toContain('Chrome on Android');
    await phoneSection.scrollIntoViewIfNeeded();
    await screenshot(onPhone, 'devices/account-devices-phone');
    await phoneSection.screenshot({ path: path.join(ARTIFACTS, 'devices/devices-section-phone.png') });
    await phoneSection.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await phoneSection.getByRole('status').filter({ hasText: 'Every other device is signed out.' }).waitFor();
    await expect.poll(() => devicesOf(onPhone).count()).toBe(1);

    await onLaptop.reload();
    await onLaptop.waitForURL((url) => url.pathname === '/login');

    expect(errors).toEqual([]);
    await laptop.close();
    await phone.close();
  });
});
