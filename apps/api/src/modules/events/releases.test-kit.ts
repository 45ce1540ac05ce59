import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EventSummary } from '@fourfour/shared/events';
import { reservations, ticketReleases } from '../../db/schema/index.ts';
import type { TestUser } from '../../../test/factories.ts';
import { instantToLocal } from '../../lib/time.ts';
import { createCheckout } from '../tickets/tickets.test-kit.ts';
import { invalidateEventList } from './public-list.service.ts';

/** Small helpers shared by the ticket releases tests (issue 20). */

/** PUT /api/admin/events/{id}/releases as `admin`. */
export function putReleases(app: FastifyInstance, admin: TestUser, eventId: number, releases: unknown[]) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/events/${eventId}/releases`,
    headers: admin.headers,
    payload: { releases },
  });
}

/** Saves a ladder that must be accepted; answers the saved releases (admin shape). */
export async function saveLadder(app: FastifyInstance, admin: TestUser, eventId: number, releases: unknown[]) {
  const res = await putReleases(app, admin, eventId, releases);
  if (res.statusCode !== 200) throw new Error(`releases not saved: ${res.statusCode} ${res.body}`);
  return res.json().releases as { id: number; name: string; ticketType: string }[];
}

/** The event as GET /api/events/list answers it now (the cached copy dropped first). */
export async function listed(app: FastifyInstance, eventId: number): Promise<EventSummary | undefined> {
  invalidateEventList(app);
  const list = (await app.inject({ url: '/api/events/list' })).json() as EventSummary[];
  return list.find((e) => e.id === eventId);
}

/** The event's releases as stored, in ladder order. */
export function releaseRows(app: FastifyInstance, eventId: number) {
  return app.db
    .select()
    .from(ticketReleases)
    .where(eq(ticketReleases.eventId, eventId))
    .orderBy(asc(ticketReleases.ticketType), asc(ticketReleases.position));
}

/** Each release's [name, sold, held], in ladder order. */
export async function releaseCounts(app: FastifyInstance, eventId: number) {
  return (await releaseRows(app, eventId)).map((r) => [r.name, r.sold, r.held]);
}

/** An instant as the releases editor sends it: local to APP_TIMEZONE, to the minute. */
export function localAt(app: FastifyInstance, at: Date): string {
  return instantToLocal(at, app.config.timezone).dateTime.slice(0, 16);
}

/** `minutes` from now (negative: ago), as the editor sends it. */
export const localIn = (app: FastifyInstance, minutes: number) => localAt(app, new Date(Date.now() + minutes * 60_000));

/** A reservation's time runs out (not swept). */
export async function lapse(app: FastifyInstance, reservationId: string) {
  await app.db
    .update(reservations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(reservations.id, reservationId));
}

/** Opens the local provider's checkout for a reservation; answers its session id. */
export async function openCheckout(app: FastifyInstance, user: TestUser, reservationToken: string) {
  const checkout = await createCheckout(app, user, reservationToken);
  if (checkout.statusCode !== 200) throw new Error(`no checkout: ${checkout.statusCode} ${checkout.body}`);
  return (checkout.json().url as string).split('/').pop()!;
}

/** Pays a local checkout session; answers the checkout result's state. */
export async function payLocal(app: FastifyInstance, user: TestUser, sessionId: string): Promise<string> {
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/local/checkout/${sessionId}/complete`,
    headers: user.headers,
  });
  if (paid.statusCode !== 200) throw new Error(`not paid: ${paid.statusCode} ${paid.body}`);
  return (await app.inject({ url: `/api/tickets/checkout-result?session_id=${sessionId}` })).json().state;
}

/** The prices of a reservation answer's tickets, in pounds, in order. */
export const pricesOf = (res: { json(): { tickets: { price: number }[] } }) => res.json().tickets.map((x) => x.price);
