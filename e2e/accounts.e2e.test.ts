import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
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
  scrollThrough,
} from './support/browser.ts';
import { type RunningServer, startServer, waitForMail } from './support/server.ts';

/**
 * The account journey in Chromium: register → code from the mail → verify → log in → two-factor
 * on → log out → log in with a TOTP code → delete the account; the header for each role; and
 * screenshots of the account screens at phone and desktop sizes.
 */

const DEMO_PASSWORD = 'FourFour#2026';
const PASSWORD = 'Night#Shift2026';

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

const totpFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
/** A code for the time step `offset` steps from now (the server accepts one step either side). */
const codeAt = (secret: string, offset: number) =>
  totpFor(secret).generate({ timestamp: Date.now() + offset * 30_000 });
/** Waits out the last seconds of a 30-second step, so a code for the previous step is still accepted. */
async function awayFromStepEnd() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 6000) await new Promise((r) => setTimeout(r, left + 200));
}
const WRONG_PASSWORD_MESSAGE = 'That password is not correct.';

async function fillRegistration(page: Page, email: string, username: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Date of birth').fill('15/06/1995');
  await page.getByLabel('Date of birth').press('Tab');
  await page.getByRole('checkbox', { name: /I accept/ }).check();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The header's top-level entries, as a person reads them (icons by their accessible name). */
async function headerItems(page: Page): Promise<string[]> {
  const nav = page.locator('nav[aria-label="Main"]').first();
  await nav.waitFor();
  return nav
    .locator(':scope > ul > li')
    .evaluateAll((items) =>
      items.map((li) =>
        (li.textContent?.trim() || li.querySelector('[aria-label]')?.getAttribute('aria-label') || '').trim(),
      ),
    );
}

describe('accounts', () => {
  it('register, verify, log in, turn on two-factor, log out, log in with a code, delete the account', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const stamp = Date.now().toString(36);
    const email = `journey_${stamp}@example.test`;
    const username = `journey_${stamp}`;

    // Register: username characters are stripped as typed; the checklist ticks live.
    await fillRegistration(page, email, `${username}!?`);
    await expect.poll(() => page.getByLabel('Username').inputValue(), { timeout: 10_000 }).toBe(username);
    await expect
      .poll(() => page.getByTestId('password-checklist').first().textContent(), { timeout: 10_000 })
      .toContain('Done: A number');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify\?email=/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await expect
      .poll(() => page.getByRole('button', { name: /Resend in \d+s/ }).isDisabled(), { timeout: 10_000 })
      .toBe(true);

    // Verify with the code from the mail, typed in lower case with a space.
    const mail = await waitForMail(server, email, (m) => /verification code/i.test(m.subject));
    const code = /^([A-Z2-9]{8})$/m.exec(mail.text)?.[1] as string;
    expect(code).toBeTruthy();
    await page.getByLabel('Verification code').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    expect(await page.getByLabel('Verification code').inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByTestId('verify-message').textContent(), { timeout: 10_000 }).toMatch(/verified/i);
    await page.waitForURL(/\/login$/, { timeout: 5000 });

    // Log in: a wrong password clears the field and shows the server's message.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent(), { timeout: 10_000 })
      .toBe('Invalid email or password.');
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await headerItems(page)).toContain('Account');

    // Account page: profile, then two-factor setup with the secret shown.
    await page.goto('/account');
    await expect.poll(() => page.getByTestId('account-profile').textContent(), { timeout: 10_000 }).toContain(username);
    // The lower cards load as they come near the screen, as for a person scrolling down to them.
    await page.locator('#two-factor').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect
      .poll(() => page.getByAltText('QR code for your authenticator app').isVisible(), { timeout: 10_000 })
      .toBe(true);
    // Turning it on needs the password too: a wrong one is a field error and 2FA stays off. Codes:
    // the previous step turns it on, the current one signs in, the next one deletes (no replay).
    await awayFromStepEnd();
    const enableForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Enable', exact: true }) });
    await page.getByLabel('Code from your app').fill(codeAt(secret, -1));
    await enableForm.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect.poll(() => enableForm.getByText(WRONG_PASSWORD_MESSAGE).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('two-factor-status').textContent()).toBe('Off');
    await page.getByLabel('Code from your app').fill(codeAt(secret, -1));
    await enableForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 }).toBe('On');

    // Log out, then log in: the server asks for the code, the field appears.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('totp-prompt').textContent(), { timeout: 10_000 }).toMatch(/6-digit code/);
    const totpField = page.getByLabel('Two-factor code');
    await totpField.fill('12a3');
    expect(await totpField.inputValue()).toBe('123');
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
    // The current step's code: the previous one was used to turn two-factor on (no replay).
    await totpField.fill(codeAt(secret, 0));
    await page.getByRole('button', { name: 'Log in' }).click();
    // Home, or the page the guard remembered when the session ended (here /account).
    await page.waitForURL((url) => url.pathname !== '/login');

    // A reload restores the session from the refresh cookie (the token lives in memory only). The
    // refresh's answer names the user, so the page asks no /api/auth/me before its own data.
    const asked: string[] = [];
    const onRequest = (request: { url(): string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    await page.goto('/account');
    await expect.poll(() => page.getByTestId('account-profile').textContent(), { timeout: 10_000 }).toContain(email);
    page.off('request', onRequest);
    expect(asked).toContain('/api/auth/refresh');
    expect(asked).toContain('/api/account/me');
    expect(asked).not.toContain('/api/auth/me');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);

    // Delete: the button waits for DELETE (any case), the ticked box, the password and, with
    // two-factor on, a current code; a wrong password is a field error and deletes nothing.
    await page.locator('#danger-zone').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Type DELETE to confirm').fill('  delete ');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /permanently deletes/ }).check();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your password', { exact: true }).fill('Wrong#Pass1');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Code from your app').fill(codeAt(secret, 1));
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expect.poll(() => dialog.getByText(WRONG_PASSWORD_MESSAGE).isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog.screenshot({ path: path.join(ARTIFACTS, 'accounts-delete-wrong-password-desktop.png') });
    await dialog.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Code from your app').fill(codeAt(secret, 1));
    await confirm.click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await headerItems(page)).toEqual(['Login', 'Register']);

    await logIn(page, email, PASSWORD);
    await expect
      .poll(() => page.getByTestId('login-error').textContent(), { timeout: 10_000 })
      .toBe('Invalid email or password.');
    // The two wrong passwords above (2FA on, deletion) were answered 400, as they should be.
    const badRequest = /Failed to load resource: the server responded with a status of 400/;
    expect(errors.filter((e) => badRequest.test(e))).toHaveLength(2);
    expect(errors.filter((e) => !badRequest.test(e))).toEqual([]);
    await context.close();
  });

  it('the header shows the right entries for USER, EVENT_WORKER, ADMIN and MASTER', async () => {
    const expected: Record<string, string[]> = {
      'fan@fourfour.local': ['Talent', 'Events', 'Subscribe', 'Top 5', 'Submission', 'Account', 'Logout'],
      'door@fourfour.local': ['Ticket Scan', 'Logout'],
      'admin@fourfour.local': [
        'Talent',
        'Events',
        'Subscribe',
        'Top 5',
        'Submission',
        'Affiliate',
        'Ticket Scan',
        'Admin',
        'Account',
        'Logout',
      ],
      'master@fourfour.local': [
        'Talent',
        'Events',
        'Subscribe',
        'Top 5',
        'Submission',
        'Affiliate',
        'Ticket Scan',
        'Admin',
        'Master Stats',
        'Master Roles',
        'Account',
        'Logout',
      ],
    };
    for (const [email, items] of Object.entries(expected)) {
      const context = await newContext(browser, server.baseUrl, DESKTOP);
      const page = await context.newPage();
      await logIn(page, email, DEMO_PASSWORD);
      await page.waitForURL(`${server.baseUrl}/`);
      expect(await headerItems(page), email).toEqual(items);
      if (items.includes('Talent')) {
        // The dropdown buttons look like the links beside them, once their menu has loaded (its
        // Menu.Target once replaced the button's class: a bare grey native button).
        const header = page.locator('header');
        const talent = header.locator('button[aria-expanded]', { hasText: 'Talent' });
        await talent.waitFor();
        const look = (el: Element) => {
          const s = getComputedStyle(el);
          return [s.fontWeight, s.fontSize, s.borderTopStyle, s.backgroundColor, s.color].join(' ');
        };
        expect(await talent.evaluate(look), email).toBe(
          await header.getByRole('link', { name: 'Subscribe', exact: true }).evaluate(look),
        );
      }
      await context.close();
    }
  });

  it('screenshots of login, register, verify and account at phone and desktop sizes', async () => {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await screenshot(page, `accounts-login-${size}`);

      await page.goto('/register');
      await page.getByLabel(/^Password/).fill('Abc1');
      await screenshot(page, `accounts-register-${size}`);

      await page.goto('/verify?email=someone%40example.test');
      await page.getByRole('button', { name: 'Verify', exact: true }).waitFor();
      await screenshot(page, `accounts-verify-${size}`);

      await logIn(page, 'admin@fourfour.local', DEMO_PASSWORD);
      await page.waitForURL(`${server.baseUrl}/`);
      await page.goto('/account');
      await page.getByTestId('account-profile').waitFor();
      await page.locator('#two-factor').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Set up two-factor' }).click();
      await page.getByTestId('totp-secret').waitFor();
      // Every card's contents shown (they load as they come near the screen); the header is
      // sticky: from the top, a full-page shot shows it where a person sees it.
      await scrollThrough(page);
      await page.getByRole('button', { name: 'Delete account' }).waitFor();
      await screenshot(page, `accounts-account-${size}`);
      // The delete dialog asks for the password (no code: this account has two-factor off).
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Your password', { exact: true }).waitFor();
      // The dialog as a person sees it (a full-page shot scrolls the fixed layers apart), once
      // its opening transition has ended.
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(ARTIFACTS, `accounts-delete-dialog-${size}.png`) });
      expect(errors, size).toEqual([]);
      await context.close();
    }
  });
});
