import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, findEventOnSale, type ListedEvent } from './support/demo.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The local provider's checkout page, opened straight from its URL (a full load, as after the
 * redirect from create-checkout-session): it waits for the session to be restored from the refresh
 * cookie, and words itself for tickets or for a plan. Phone and desktop screenshots.
 */
describe('local checkout page', () => {
  let server: RunningServer;
  let browser: Browser;
  let event: ListedEvent;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    event = await findEventOnSale(server, { standard: 4 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function apiToken(email: string): Promise<string> {
    const res = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  async function post(token: string, url: string, body?: unknown): Promise<{ url: string }> {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { url: string; reservationToken?: string };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json;
  }

  async function ticketCheckoutUrl(token: string): Promise<string> {
    const held = (await post(token, `/api/tickets/reserve?eventId=${event.id}`, [
      { ticketType: 'STANDARD', firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-05-05' },
    ])) as unknown as { reservationToken: string };
    return (await post(token, `/api/tickets/create-checkout-session?reservationToken=${held.reservationToken}`)).url;
  }

  async function signedInPage(email: string, viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser, server.baseUrl, viewport);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    return page;
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${label}, a full load shows a ticket checkout and a plan checkout, each in its own words`, async () => {
      const page = await signedInPage('fan@fourfour.local', viewport);
      const errors = collectPageErrors(page);
      const token = await apiToken('fan@fourfour.local');

      // Tickets: opened by URL, so the page starts before the session is restored.
      await page.goto(await ticketCheckoutUrl(token));
      await page.getByRole('heading', { name: `Tickets for ${event.title}` }).waitFor();
      await page.getByText('when your reservation ends').waitFor();
      expect(await page.getByText('has ended').count()).toBe(0);
      expect(await page.getByText('could not be found').count()).toBe(0);
      await screenshot(page, `local-pay/${label}-tickets-open`);

      // A plan: the same page, worded for a monthly plan.
      const planUrl = (await post(token, '/api/subscription/subscribe?tier=MIDDLE')).url;
      await page.goto(planUrl);
      await page.getByRole('heading', { name: 'FourFour MIDDLE plan' }).waitFor();
      await page.getByText(/Your plan starts when you pay: £59\.99 a month/).waitFor();
      expect(await page.getByText('reservation').count()).toBe(0);
      await screenshot(page, `local-pay/${label}-plan-open`);

      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.pathname === '/subscription/cancel');
      await page.goto(planUrl);
      await page.getByText('No plan was started and nothing was charged.').waitFor();
      expect(await page.getByText('reservation').count()).toBe(0);
      await screenshot(page, `local-pay/${label}-plan-ended`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('asks a visitor without a session to log in', async () => {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto('/local-pay/checkout/lcs_unknown');
    await page.getByText('to continue this checkout').waitFor();
    await screenshot(page, 'local-pay/desktop-anonymous');
    await context.close();
  });
});
