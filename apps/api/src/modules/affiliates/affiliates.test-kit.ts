import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TicketDraftInput } from '@fourfour/shared/tickets';
import { orders } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { createCheckout, draft, reserve } from '../tickets/tickets.test-kit.ts';

/** `n` STANDARD and `v` VIP drafts. */
export const drafts = (n: number, v = 0): TicketDraftInput[] => [
  ...Array.from({ length: n }, () => draft()),
  ...Array.from({ length: v }, () => draft('VIP')),
];

/**
 * Buys through the real purchase path (reserve, checkout, the local provider's Pay), optionally
 * with an affiliate code, and answers the order id. `paidAt` then moves the payment in time.
 */
export async function buy(
  app: FastifyInstance,
  buyer: TestUser,
  eventId: number,
  tickets: TicketDraftInput[],
  options: { code?: string; paidAt?: Date } = {},
): Promise<string> {
  const reserved = await reserve(app, buyer, eventId, tickets, options.code);
  if (reserved.statusCode !== 200) throw new Error(`reserve failed: ${reserved.body}`);
  const token: string = reserved.json().reservationToken;
  const checkout = await createCheckout(app, buyer, token);
  if (checkout.statusCode !== 200) throw new Error(`checkout failed: ${checkout.body}`);
  const url: string = checkout.json().url;
  if (url.startsWith('/local-pay/checkout/')) {
    const paid = await app.inject({
      method: 'POST',
      url: `/api/payments/local/checkout/${url.split('/').pop()}/complete`,
      headers: buyer.headers,
    });
    if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  }
  const [order] = await app.db.select().from(orders).where(eq(orders.reservationId, token));
  if (order?.status !== 'PAID') throw new Error(`order not paid: ${order?.status}`);
  if (options.paidAt) await app.db.update(orders).set({ paidAt: options.paidAt }).where(eq(orders.id, order.id));
  return order.id;
}

/**
 * Buys `count` tickets in orders of at most 10 (the per-order limit): the first by `buyer`, each
 * further one by a new account (one account holds at most 10 tickets of an event).
 */
export async function buyMany(
  app: FastifyInstance,
  buyer: TestUser,
  eventId: number,
  count: { standard: number; vip?: number },
  options: { code?: string; paidAt?: Date } = {},
): Promise<void> {
  let s = count.standard;
  let v = count.vip ?? 0;
  let who = buyer;
  while (s + v > 0) {
    const ns = Math.min(s, 10);
    const nv = Math.min(v, 10 - ns);
    await buy(app, who, eventId, drafts(ns, nv), options);
    s -= ns;
    v -= nv;
    if (s + v > 0) who = await createUser(app);
  }
}
