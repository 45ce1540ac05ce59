import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { findEventOnSale, type ListedEvent, logIn } from './support/demo.ts';
import { type RunningServer, startServer, waitForMail } from './support/server.ts';

/**
 * Memberships with the local provider: a fan subscribes to MIDDLE through the local checkout, an
 * ADMIN verifies them, the fan takes a free STANDARD ticket (no payment page), the ADMIN marks a
 * benefit delivered. Screenshots of every membership page on a phone and a desktop.
 */
describe('memberships', () => {
  let server: RunningServer;
  let browser: Browser;
  let event: ListedEvent;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    event = await findEventOnSale(server, { standard: 2 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a fan subscribes to MIDDLE, is verified, takes a free ticket, and gets a benefit delivered', async () => {
    const fanContext = await newContext(browser, server.baseUrl, DESKTOP);
    const fan = await fanContext.newPage();
    const fanErrors = collectPageErrors(fan);
    await logIn(fan, 'fan@fourfour.local');

    await fan.goto('/subscribe');
    await fan.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    await fan.getByTestId('plan-MIDDLE').getByText('Most popular').waitFor();
    await screenshot(fan, 'memberships-subscribe-desktop');
    await fan.getByRole('button', { name: 'Subscribe to MIDDLE' }).click();
    await fan.waitForURL(/\/local-pay\/checkout\//);
    await fan.getByTestId('local-checkout-total').filter({ hasText: '£59.99' }).waitFor();
    await screenshot(fan, 'memberships-local-checkout-desktop');
    await fan.getByRole('button', { name: /^Pay / }).click();

    await fan.waitForURL(/\/subscription\/success/);
    await fan.getByTestId('subscription-result-chip').filter({ hasText: 'Active' }).waitFor();
    await fan.getByTestId('tier-badge').filter({ hasText: 'MIDDLE' }).waitFor();
    // The session id leaves the address bar.
    await fan.waitForURL((url) => !url.search.includes('session_id'));
    await screenshot(fan, 'memberships-success-desktop');

    await fan.goto('/subscribe');
    await fan.getByTestId('pending-banner').waitFor();
    await fan.getByTestId('current-plan').getByText('Renews on').waitFor();
    await fan.getByTestId('plan-MIDDLE').getByText('Current plan').waitFor();
    expect(await fan.getByRole('button', { name: /^Subscribe to/ }).count()).toBe(0);
    await screenshot(fan, 'memberships-subscribe-active-desktop');
    await waitForMail(server, 'fan@fourfour.local', (m) => m.subject === 'Welcome to FourFour MIDDLE');

    // The ADMIN verifies the fan.
    const adminContext = await newContext(browser, server.baseUrl, DESKTOP);
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await logIn(admin, 'admin@fourfour.local');
    await admin.goto('/admin/verification');
    const row = admin.getByRole('row').filter({ hasText: 'fan@fourfour.local' });
    await row.waitFor();
    await screenshot(admin, 'memberships-verification-desktop');
    admin.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Confirm age verification?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.waitFor({ state: 'detached' });
    await waitForMail(server, 'fan@fourfour.local', (m) => m.subject === 'Your age is verified');

    // The fan takes a free STANDARD ticket: price 0, no payment page.
    await fan.goto(`/purchase/${event.id}`);
    await fan.getByRole('button', { name: 'Add Standard' }).click();
    const card = fan.getByTestId('ticket-draft').first();
    await card.getByLabel('First name').fill('Fran');
    await card.getByLabel('Last name').fill('Member');
    await card.getByLabel('Date of birth').fill('1995-06-15');
    await card.getByLabel('Use one of my free tickets').check();
    await fan.getByRole('button', { name: 'Reserve tickets' }).click();
    await fan.getByRole('button', { name: 'Get my free tickets' }).click();
    await fan.waitForURL(/\/payment-success\?free=1/);
    expect(fan.url()).not.toContain('/local-pay/');
    await fan.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const usage = await fan.evaluate(async () => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { accessToken } = (await refresh.json()) as { accessToken: string };
      const res = await fetch('/api/account/free-tickets', { headers: { authorization: `Bearer ${accessToken}` } });
      return res.json();
    });
    expect(usage).toMatchObject({ used: 1, max: 9, remaining: 8 });

    // The ADMIN marks a benefit delivered.
    await admin.goto('/admin/benefits');
    await admin.getByText('Select a subscriber to manage benefits.').waitFor();
    await admin.getByLabel('Search by email').fill('fan@');
    const subscriber = admin.getByRole('row').filter({ hasText: 'fan@fourfour.local' });
    await subscriber.waitFor();
    await subscriber.click();
    const panel = admin.getByTestId('benefit-panel');
    const toggle = panel.getByLabel('Delivered: Social post');
    await toggle.waitFor();
    // Controlled: it turns on once the server has recorded the delivery.
    await toggle.click({ force: true });
    await panel
      .getByTestId('benefit-SOCIAL_POST')
      .getByText(/^Delivered /)
      .waitFor();
    await subscriber.getByText('1 / 9').waitFor();
    await screenshot(admin, 'memberships-benefits-desktop');

    expect(fanErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await fanContext.close();
    await adminContext.close();
  });

  it('on a phone: the member manages their plan in the local portal (cancel, resume), and the admin pages fit', async () => {
    const context = await newContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, 'member@fourfour.local');
    await page.goto('/subscribe');
    await page.getByTestId('current-plan').getByText('Renews on').waitFor();
    await screenshot(page, 'memberships-subscribe-phone');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL(/\/local-pay\/portal\?flow=cancel/);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByText('Cancellation confirmed.').waitFor();
    await screenshot(page, 'memberships-portal-phone');
    await page.getByRole('link', { name: 'Return to FourFour' }).click();
    await page.getByTestId('subscription-status').filter({ hasText: 'CANCELLED' }).waitFor();
    await page.getByText('Ends on').waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.waitForURL(/\/local-pay\/portal\?flow=billing/);
    await screenshot(page, 'memberships-portal-billing-phone');
    await page.getByTestId('portal-status').waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByText('Your subscription will renew as usual.').waitFor();
    await page.goto('/subscribe');
    await page.getByTestId('subscription-status').filter({ hasText: 'ACTIVE' }).waitFor();

    await page.goto('/subscription/cancel');
    await page.getByRole('heading', { name: 'Checkout Canceled' }).waitFor();
    await screenshot(page, 'memberships-cancel-phone');
    await page.goto('/subscription/success');
    await page.getByTestId('subscription-result-chip').filter({ hasText: 'Active' }).waitFor();
    await screenshot(page, 'memberships-success-phone');
    expect(errors).toEqual([]);
    await context.close();

    const adminContext = await newContext(browser, server.baseUrl, PHONE);
    const admin = await adminContext.newPage();
    await logIn(admin, 'admin@fourfour.local');
    await admin.goto('/admin/verification');
    await admin.getByText('new_member@fourfour.local').first().waitFor();
    await screenshot(admin, 'memberships-verification-phone');
    await admin.goto('/admin/benefits');
    await admin.getByRole('row').filter({ hasText: 'member@fourfour.local' }).first().waitFor();
    await screenshot(admin, 'memberships-benefits-phone');
    await adminContext.close();
  });
});
