import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/** The password of every demo account (the server prints them at start-up). */
export const DEMO_PASSWORD = 'FourFour#2026';

/** An event as GET /api/events/list answers it (the fields the journeys use). */
export interface ListedEvent {
  id: number;
  title: string;
  status: string;
  cancelled: boolean;
  startsAt: string | null;
  remainingStandardTickets: number;
  remainingVipTickets: number;
}

/**
 * A demo event that can be bought now: published, not cancelled, starting more than a day ahead,
 * with more than `standard` STANDARD and `vip` VIP tickets left.
 */
export async function findEventOnSale(
  server: Pick<RunningServer, 'baseUrl'>,
  { standard = 0, vip = -1 }: { standard?: number; vip?: number } = {},
): Promise<ListedEvent> {
  const list = (await (await fetch(`${server.baseUrl}/api/events/list`)).json()) as ListedEvent[];
  const found = list.find(
    (e) =>
      e.status === 'PUBLISHED' &&
      !e.cancelled &&
      !!e.startsAt &&
      Date.parse(e.startsAt) > Date.now() + 24 * 3600_000 &&
      e.remainingStandardTickets > standard &&
      e.remainingVipTickets > vip,
  );
  if (!found) throw new Error('no demo event on sale');
  return found;
}

/** Signs in through the /login page, as a person does, and waits for the home page. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
