import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TicketDraftInput } from '@fourfour/shared/tickets';
import { auditLog, orders, tickets } from '../../db/schema/index.ts';
import type { TestUser } from '../../../test/factories.ts';
import { openCheckout, payLocal } from '../events/releases.test-kit.ts';
import { reserve } from '../tickets/tickets.test-kit.ts';

/** Helpers of the back office's order-action tests (issue 21). */

/** Buys `drafts` through the local provider; answers the order and its tickets in the order sent. */
export async function buyLocally(
  app: FastifyInstance,
  buyer: TestUser,
  eventId: number,
  drafts: TicketDraftInput[],
  affiliateCode?: string,
) {
  const held = await reserve(app, buyer, eventId, drafts, affiliateCode);
  if (held.statusCode !== 200) throw new Error(`not reserved: ${held.statusCode} ${held.body}`);
  const token: string = held.json().reservationToken;
  const state = await payLocal(app, buyer, await openCheckout(app, buyer, token));
  if (state !== 'FULFILLED') throw new Error(`not fulfilled: ${state}`);
  const [order] = await app.db.select().from(orders).where(eq(orders.reservationId, token));
  const issued = await app.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, order!.id))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  // The ticket drafted first is the first one back (names are unique per draft).
  const byName = drafts.map((d) => issued.find((t) => t.firstName === d.firstName)!);
  return { order: order!, tickets: byName };
}

export const orderRow = async (app: FastifyInstance, orderId: string) =>
  (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

export const ticketRow = async (app: FastifyInstance, ticketId: string) =>
  (await app.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;

export const auditOf = (app: FastifyInstance, entityId: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id));

export function refund(
  app: FastifyInstance,
  user: TestUser,
  orderId: string,
  body: { ticketIds: string[]; reason?: string; force?: boolean },
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: user.headers,
    payload: { reason: 'Bought two by mistake', ...body },
  });
}
