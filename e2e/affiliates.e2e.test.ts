import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { findEventOnSale, type ListedEvent, logIn } from './support/demo.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** A MASTER promotes a user to AFFILIATE, who generates a code; a fan buys with it; the sale shows up. */
describe('affiliates and the master desk', () => {
  let server: RunningServer;
  let browser: Browser;
  let event: ListedEvent;
  const contexts: BrowserContext[] = [];
  const open = async (viewport = DESKTOP) => {
    const context = await newContext(browser, server.baseUrl, viewport);
    contexts.push(context);
    const page = await context.newPage();
    return { page, errors: collectPageErrors(page) };
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    event = await findEventOnSale(server, { standard: 2 });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('promote, generate, buy with the code, see the sale', async () => {
    // The user to promote is signed in already: the new role must apply without a new login.
    const raver = await open();
    await logIn(raver.page, 'raver@fourfour.local');
    await raver.page.goto('/account');
    await raver.page
      .getByTestId('account-profile')
      .or(raver.page.getByRole('heading', { name: 'Your account' }))
      .first()
      .waitFor();
    expect(await raver.page.getByTestId('account-affiliate').count()).toBe(0);

    // The MASTER finds the user by email (debounced search) and makes them an AFFILIATE.
    const master = await open();
    await logIn(master.page, 'master@fourfour.local');
    await master.page.goto('/master/user');
    await master.page.getByTestId('master-users').waitFor();
    await screenshot(master.page, 'affiliates-master-users-desktop');
    // A MASTER's row (their own) is locked.
    await master.page.getByLabel('Search by email').fill('master@');
    const own = master.page.locator('[data-testid^="user-row-"]').filter({ hasText: 'master@fourfour.local' });
    await own.getByLabel(/MASTER: /).waitFor();
    expect(await own.getByRole('combobox').count()).toBe(0);
    await master.page.getByLabel('Search by email').fill('raver@');
    const row = master.page.locator('[data-testid^="user-row-"]').filter({ hasText: 'raver@fourfour.local' });
    await row.waitFor();
    await master.page.waitForFunction(() => document.querySelectorAll('[data-testid^="user-row-"]').length === 1);
    await row.getByRole('combobox', { name: /Role of/ }).click();
    await master.page.getByRole('option', { name: 'AFFILIATE' }).click();
    await row.getByRole('button', { name: 'Update' }).click();
    await master.page.getByText('late_raver is now AFFILIATE.').waitFor();
    await row.getByRole('button', { name: 'Update' }).and(row.locator('[disabled]')).waitFor();

    // The affiliate's next request sees the new role: the code section appears; generate and copy.
    await raver.page.reload();
    const section = raver.page.getByTestId('account-affiliate');
    await section.waitFor();
    await section.getByRole('button', { name: 'Generate my code' }).click();
    const codeEl = section.getByTestId('affiliate-code');
    await codeEl.waitFor();
    const code = (await codeEl.textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await raver.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await raver.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await section.scrollIntoViewIfNeeded();
    await screenshot(raver.page, 'affiliates-account-code-desktop');
    await raver.page.goto('/affiliate/stats');
    await raver.page.getByText('No stats available for the selected period.').waitFor();

    // A fan buys a ticket with the code on the purchase page and pays on the local checkout page.
    const fan = await open();
    await logIn(fan.page, 'fan@fourfour.local');
    await fan.page.goto(`/purchase/${event.id}`);
    await fan.page.getByRole('button', { name: 'Add Standard' }).click();
    const card = fan.page.getByTestId('ticket-draft').first();
    await card.getByLabel('First name').fill('Nia');
    await card.getByLabel('Last name').fill('Osei');
    await card.getByLabel('Date of birth').fill('1996-02-20');
    await fan.page.getByLabel('Affiliate code (optional)').fill(code.toLowerCase());
    await fan.page.getByRole('button', { name: 'Apply' }).click();
    await fan.page.getByText('Affiliate code applied.').waitFor();
    await fan.page.getByRole('button', { name: 'Reserve tickets' }).click();
    await fan.page.getByText('Tickets reserved').waitFor();
    await fan.page.getByRole('button', { name: 'Continue to payment' }).click();
    await fan.page.waitForURL(/\/local-pay\/checkout\//);
    await fan.page.getByRole('button', { name: /^Pay / }).click();
    await fan.page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    // The affiliate sees the sale in this month's card.
    await raver.page.reload();
    const month = raver.page.getByTestId('sales-month').first();
    await month.waitFor();
    expect(await month.textContent()).toContain('1 of 14 tickets');
    expect(await month.textContent()).toContain('13 to go');
    await screenshot(raver.page, 'affiliates-own-stats-desktop');

    for (const p of [raver, master, fan]) expect(p.errors).toEqual([]);
  });

  it('an ADMIN picks an affiliate by keyboard and switches periods; the MASTER reads the stats', async () => {
    const admin = await open();
    await logIn(admin.page, 'admin@fourfour.local');
    await admin.page.goto('/affiliate/stats');
    const picker = admin.page.getByTestId('affiliate-picker');
    await picker.click();
    await picker.fill('promo');
    // The matches for "promo" (debounced): only the demo affiliate, not the one promoted above.
    await admin.page.waitForFunction(() => {
      const options = [...document.querySelectorAll('[role="option"]')];
      return options.length === 1 && options[0]!.textContent!.includes('promo_kay');
    });
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await admin.page.getByRole('heading', { name: 'promo_kay’s sales' }).waitFor();
    await admin.page.getByTestId('sales-month').first().waitFor();
    // The demo affiliate has sales this month and in each of the three before; one month reached 14.
    expect(await admin.page.getByTestId('sales-month').count()).toBe(4);
    expect(await admin.page.getByText('Goal reached · 20%').count()).toBe(1);
    await screenshot(admin.page, 'affiliates-admin-sales-desktop');
    await admin.page.getByText('All months').click();
    expect(await admin.page.getByTestId('sales-month').count()).toBe(4);

    const phone = await open(PHONE);
    await logIn(phone.page, 'admin@fourfour.local');
    await phone.page.goto('/affiliate/stats');
    const phonePicker = phone.page.getByTestId('affiliate-picker');
    await phonePicker.fill('promo');
    await phone.page.getByRole('option', { name: /promo_kay/ }).click();
    await phone.page.getByTestId('sales-month').first().waitFor();
    await screenshot(phone.page, 'affiliates-admin-sales-phone');

    const master = await open();
    await logIn(master.page, 'master@fourfour.local');
    await master.page.goto('/master/stats');
    await master.page.getByTestId('master-totals').waitFor();
    await master.page.locator('.recharts-surface').first().waitFor();
    await master.page.waitForTimeout(800);
    await screenshot(master.page, 'affiliates-master-stats-desktop');

    const masterPhone = await open(PHONE);
    await logIn(masterPhone.page, 'master@fourfour.local');
    await masterPhone.page.goto('/master/stats');
    await masterPhone.page.getByTestId('master-totals').waitFor();
    await masterPhone.page.locator('.recharts-surface').first().waitFor();
    await masterPhone.page.waitForTimeout(800);
    await screenshot(masterPhone.page, 'affiliates-master-stats-phone');
    await masterPhone.page.goto('/master/user');
    await masterPhone.page.getByTestId('master-users').waitFor();
    await screenshot(masterPhone.page, 'affiliates-master-users-phone');

    const raverPhone = await open(PHONE);
    await logIn(raverPhone.page, 'raver@fourfour.local');
    await raverPhone.page.goto('/affiliate/stats');
    await raverPhone.page.getByTestId('sales-month').first().waitFor();
    await screenshot(raverPhone.page, 'affiliates-own-stats-phone');

    // Everyone else is kept out: the route guard sends a fan home.
    const fan = await open();
    await logIn(fan.page, 'fan@fourfour.local');
    await fan.page.goto('/master/user');
    await fan.page.waitForURL((url) => url.pathname === '/');

    for (const p of [admin, phone, master, masterPhone, raverPhone, fan]) expect(p.errors).toEqual([]);
  });
});
