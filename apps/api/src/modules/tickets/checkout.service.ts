import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MEMBERSHIP_MESSAGES } from '@fourfour/shared/memberships';
import {
  CHECKOUT_RESULT_MESSAGES,
  type CheckoutResult,
  type CheckoutState,
  freeTicketBlocker,
  TICKET_MESSAGES,
  UNDERAGE_REFUND_MESSAGES,
} from '@fourfour/shared/tickets';
import { exceedsAccountTicketLimit } from '@fourfour/shared/ticket-limit';
import type { DbOrTx } from '../../db/client.ts';
import { events, orders, reservations, tickets, users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { CheckoutSession } from '../../lib/payments/gateway.ts';
import { type RecordedEvent, recordPaymentEvent } from '../payments/index.ts';
import {
  countFreeTicketsHeld,
  countFreeTicketsUsed,
  currentYear,
  hasFreeTicketForEvent,
} from './free-tickets.service.ts';
import { claimBuyerRow, ticketsOfAccount } from './hold-statement.ts';
import { releaseReservation } from './reserve.service.ts';
import { retakeReleases, sellHeldReleases } from './release-stock.ts';
import { TICKET_JOBS } from './tickets.jobs.ts';

type Order = typeof orders.$inferSelect;
type Reservation = typeof reservations.$inferSelect;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The checkout-result state an order is in; PENDING until its payment is decided. */
export function stateOfOrder(order: Pick<Order, 'outcome'>): CheckoutState {
  return (order.outcome as CheckoutState | null) ?? 'PENDING';
}

const resultOf = (state: CheckoutState): CheckoutResult => ({ state, message: CHECKOUT_RESULT_MESSAGES[state] });

async function findOwnReservation(db: DbOrTx, userId: number, reservationId: string) {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)));
  if (!row) throw notFound(TICKET_MESSAGES.reservationNotFound);
  return row;
}

/**
 * POST /api/tickets/create-checkout-session. The order row is written first and the provider is
 * called with no transaction open; the session id is stored afterwards. A retried call answers the
 * same session (the provider's idempotency key is `checkout:<reservation>`). A reservation costing
 * nothing (free tickets only) is issued at once.
 */
export async function startCheckout(
  app: FastifyInstance,
  userId: number,
  reservationId: string,
): Promise<{ url: string }> {
  const reservation = await findOwnReservation(app.db, userId, reservationId);
  const [buyer] = await app.db
    .select({ email: users.email, verificationStatus: users.verificationStatus })
    .from(users)
    .where(eq(users.id, userId));
  // Marked UNDERAGE after reserving: the same refusal as at reserve.
  if (buyer?.verificationStatus === 'UNDERAGE') throw new AppError('UNDERAGE', 403, MEMBERSHIP_MESSAGES.buyingBlocked);
  const [existing] = await app.db.select().from(orders).where(eq(orders.reservationId, reservation.id));
  if (existing && existing.status !== 'PENDING') throw conflict(TICKET_MESSAGES.reservationUsed, 'RESERVATION_USED');
  if (reservation.status !== 'HELD' || reservation.expiresAt.getTime() <= Date.now()) {
    throw conflict(TICKET_MESSAGES.reservationExpired, 'RESERVATION_EXPIRED');
  }
  if (existing?.checkoutUrl) return { url: existing.checkoutUrl };
  if (reservation.totalPence === 0) return issueFreeReservation(app, reservation);

  await app.db
    .insert(orders)
    .values({
      reservationId: reservation.id,
      userId,
      eventId: reservation.eventId,
      provider: app.payments.provider,
      amountPence: reservation.totalPence,
      affiliateId: reservation.affiliateId,
    })
    .onConflictDoNothing({ target: orders.reservationId });
  const [event] = await app.db.select({ title: events.title }).from(events).where(eq(events.id, reservation.eventId));

  // The provider may need a longer life than the hold has left (Stripe: 30 minutes at least); the
  // hold is then extended to the session's end, so stock stays held while the payment page is open.
  const minimumEnd = Date.now() + (app.payments.minimumSessionLifetimeSeconds + 60) * 1000;
  const expiresAt = new Date(
    Math.max(reservation.expiresAt.getTime(), app.payments.minimumSessionLifetimeSeconds ? minimumEnd : 0),
  );
  const paidItems = reservation.items.filter((i) => !i.useFreeTicket);
  const grouped = new Map<string, { name: string; unitAmountPence: number; quantity: number }>();
  for (const item of paidItems) {
    const name = `${event?.title ?? 'Event'} — ${item.ticketType === 'VIP' ? 'VIP' : 'Standard'} ticket`;
    const key = `${name}:${item.pricePence}`;
    const line = grouped.get(key) ?? { name, unitAmountPence: item.pricePence, quantity: 0 };
    line.quantity += 1;
    grouped.set(key, line);
  }
  const session = await app.payments.createCheckoutSession({
    idempotencyKey: `checkout:${reservation.id}`,
    clientReferenceId: reservation.id,
    metadata: { kind: 'tickets', reservationId: reservation.id, userId: String(userId) },
    lineItems: [...grouped.values()],
    currency: 'gbp',
    customerEmail: buyer?.email ?? undefined,
    successUrl: `${app.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${app.config.publicUrl}/purchase/${reservation.eventId}?checkout=cancelled`,
    expiresAt,
  });
  const url = session.url ?? '';
  await app.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ providerSessionId: session.id, checkoutUrl: url, updatedAt: sql`now()` })
      .where(eq(orders.reservationId, reservation.id));
    await tx
      .update(reservations)
      .set({ expiresAt: session.expiresAt })
      .where(
        and(
          eq(reservations.id, reservation.id),
          eq(reservations.status, 'HELD'),
          sql`${reservations.expiresAt} < ${session.expiresAt.toISOString()}`,
        ),
      );
  });
  return { url };
}

/** Free tickets only: the order is paid by nobody and issued in one transaction. */
async function issueFreeReservation(app: FastifyInstance, reservation: Reservation): Promise<{ url: string }> {
  await app.db.transaction(async (tx) => {
    await tx
      .insert(orders)
      .values({
        reservationId: reservation.id,
        userId: reservation.userId,
        eventId: reservation.eventId,
        provider: 'none',
        amountPence: 0,
      })
      .onConflictDoNothing({ target: orders.reservationId });
    const [order] = await tx.select().from(orders).where(eq(orders.reservationId, reservation.id)).for('update');
    if (!order) throw new Error('order not stored');
    if (order.status === 'PAID') return;
    const [locked] = await tx.select().from(reservations).where(eq(reservations.id, reservation.id)).for('update');
    if (locked?.status !== 'HELD') throw conflict(TICKET_MESSAGES.reservationExpired, 'RESERVATION_EXPIRED');
    await settlePaidOrder(app, tx, order, { sessionId: null, paymentId: null, amountPence: 0 });
  });
  return { url: `/payment-success?free=1&reservation=${reservation.id}` };
}

/**
 * A payment that lands after its hold lapsed is a fresh hold: it meets the rules a reservation
 * meets, under the same lock (the buyer's row, which the caller took with claimBuyerRow, as the
 * free path and the hold statement take it), counting the account's tickets as they are now, this order's own lapsed hold
 * no longer among them: the account's limit of tickets for the event, and for a free item one free
 * ticket per event, the yearly allowance, an active membership and VERIFIED. Answers why it fails
 * (for the log), or null; the caller then refunds the whole order (docs/decisions.md).
 */
async function lateHoldRefusal(
  app: FastifyInstance,
  tx: DbOrTx,
  reservation: Reservation,
  buyer: Awaited<ReturnType<typeof claimBuyerRow>>,
): Promise<string | null> {
  if (!buyer) return 'account gone';
  const [mine] = rowsOf<{ n: number }>(
    await tx.execute(ticketsOfAccount(sql`${reservation.userId}`, sql`${reservation.eventId}`)),
  );
  if (exceedsAccountTicketLimit(mine?.n ?? 0, reservation.standardQty + reservation.vipQty)) {
    return 'TICKET_LIMIT';
  }
  if (reservation.freeQty === 0) return null;
  const year = currentYear(app.config.timezone);
  const used = await countFreeTicketsUsed(tx, reservation.userId, year, app.config.timezone);
  const held = await countFreeTicketsHeld(tx, reservation.userId, year, app.config.timezone);
  return freeTicketBlocker({
    ...buyer,
    usedThisYear: used + held,
    hasFreeForEvent: await hasFreeTicketForEvent(tx, reservation.userId, reservation.eventId),
  });
}

/**
 * Payment confirmed (or nothing to pay): the held stock becomes sold and the tickets are issued.
 * After the hold lapsed (swept or not) the stock is taken again if it is still there and the order
 * meets a fresh hold's rules (lateHoldRefusal); otherwise (or when the event was cancelled
 * meanwhile) the payment is refunded in full by a durable job.
 */
async function settlePaidOrder(
  app: FastifyInstance,
  tx: DbOrTx,
  order: Order,
  payment: { sessionId: string | null; paymentId: string | null; amountPence: number },
): Promise<CheckoutState> {
  const [reservation] = await tx
    .select()
    .from(reservations)
    .where(eq(reservations.id, order.reservationId))
    .for('update');
  if (!reservation) throw new Error(`reservation ${order.reservationId} missing`);
  const s = reservation.standardQty;
  const v = reservation.vipQty;
  // A payment from an account marked UNDERAGE meanwhile issues nothing and is refunded in full.
  const [buyer] = await tx
    .select({ verificationStatus: users.verificationStatus })
    .from(users)
    .where(eq(users.id, order.userId));
  const isUnderage = buyer?.verificationStatus === 'UNDERAGE';
  // A hold whose time is up counts as lapsed even before the sweep released it: a second
  // reservation may already have taken what it held (its free ticket, say). A lapsed one is
  // re-checked under the buyer's row, taken first, before any events row, in the order a hold
  // statement takes them (no deadlock with the same buyer reserving at that moment).
  const isLapsed = reservation.status !== 'HELD' || reservation.expiresAt.getTime() <= Date.now();
  const claimed = !isUnderage && isLapsed ? await claimBuyerRow(tx, reservation.userId) : undefined;
  if (!isUnderage && reservation.status === 'HELD' && isLapsed) {
    await releaseReservation(tx, reservation.id, 'EXPIRED');
    reservation.status = 'EXPIRED';
  }

  let hasStock: boolean;
  if (isUnderage) {
    await releaseReservation(tx, reservation.id, 'CANCELLED');
    hasStock = false;
  } else if (reservation.status === 'HELD') {
    const moved = await tx.execute(sql`
      UPDATE events SET held_standard = held_standard - ${s}, held_vip = held_vip - ${v},
        sold_standard = sold_standard + ${s}, sold_vip = sold_vip + ${v}
      WHERE id = ${reservation.eventId} AND NOT cancelled RETURNING id`);
    hasStock = rowsOf(moved).length > 0;
    if (hasStock) await sellHeldReleases(tx, reservation.id);
    else await releaseReservation(tx, reservation.id, 'CANCELLED');
  } else {
    const refusal = await lateHoldRefusal(app, tx, reservation, claimed);
    if (refusal) {
      app.log.info({ orderId: order.id, refusal }, 'late payment no longer qualifies: the order is refunded');
      hasStock = false;
    } else {
      const taken = await tx.execute(sql`
        UPDATE events SET sold_standard = sold_standard + ${s}, sold_vip = sold_vip + ${v}
        WHERE id = ${reservation.eventId} AND NOT cancelled
          AND sold_standard + held_standard + ${s} <= total_standard
          AND sold_vip + held_vip + ${v} <= total_vip
        RETURNING id`);
      hasStock = rowsOf(taken).length > 0;
      // Its releases must still have the stock too (the prices paid are theirs); else the event's
      // counters go back as they were and the order is refunded.
      if (hasStock && !(await retakeReleases(tx, reservation.id))) {
        await tx.execute(sql`
          UPDATE events SET sold_standard = sold_standard - ${s}, sold_vip = sold_vip - ${v}
          WHERE id = ${reservation.eventId}`);
        hasStock = false;
      }
    }
  }

  const paid = {
    paidAt: sql`now()`,
    providerSessionId: payment.sessionId ?? order.providerSessionId,
    providerPaymentId: payment.paymentId,
    amountPence: payment.amountPence,
    updatedAt: sql`now()`,
  };

  if (!hasStock) {
    const [event] = await tx.select({ cancelled: events.cancelled }).from(events).where(eq(events.id, order.eventId));
    await tx
      .update(orders)
      .set({
        ...paid,
        status: 'REFUND_PENDING',
        outcome: 'TIMEOUT_REFUND_TRIGGERED',
        refundReason: isUnderage ? 'UNDERAGE' : event?.cancelled ? 'EVENT_CANCELLED' : 'TIMEOUT',
      })
      .where(eq(orders.id, order.id));
    await app.jobs.send(TICKET_JOBS.refundOrder, { orderId: order.id }, { tx });
    return 'TIMEOUT_REFUND_TRIGGERED';
  }

  await tx.insert(tickets).values(
    reservation.items.map((item) => ({
      orderId: order.id,
      eventId: reservation.eventId,
      userId: reservation.userId,
      ticketType: item.ticketType,
      firstName: item.firstName,
      lastName: item.lastName,
      dateOfBirth: item.dateOfBirth,
      pricePaidPence: item.pricePence,
      isFree: item.useFreeTicket,
      releaseId: item.releaseId ?? null,
      // Free tickets earn no commission, so only paid ones carry the affiliate.
      affiliateId: item.useFreeTicket ? null : reservation.affiliateId,
    })),
  );
  await tx
    .update(reservations)
    .set({ status: 'FULFILLED', releasedAt: sql`now()` })
    .where(eq(reservations.id, reservation.id));
  await tx
    .update(orders)
    .set({ ...paid, status: 'PAID', outcome: 'FULFILLED', affiliateId: reservation.affiliateId })
    .where(eq(orders.id, order.id));
  await app.jobs.send(TICKET_JOBS.orderEmail, { orderId: order.id }, { tx });
  return 'FULFILLED';
}

/**
 * Applies a checkout session as the provider reports it now: paid → issue (or refund); expired or
 * failed → release the hold at once; still open → nothing. Idempotent, in one transaction with the
 * event id (when there is one); the order row lock serialises concurrent deliveries.
 */
export async function applyCheckoutSession(
  app: FastifyInstance,
  session: CheckoutSession,
  event: RecordedEvent | null = null,
): Promise<CheckoutState> {
  const reservationId = session.metadata.reservationId ?? session.clientReferenceId;
  if (!reservationId) throw new Error(`checkout session ${session.id} names no reservation`);
  const isPaid =
    session.status === 'complete' &&
    (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
  const isOver =
    session.status === 'expired' ||
    (session.status === 'complete' && !isPaid && event?.type === 'checkout.session.async_payment_failed');

  return app.db.transaction(async (tx) => {
    if (event && !(await recordPaymentEvent(tx, event))) {
      const [current] = await tx.select().from(orders).where(eq(orders.reservationId, reservationId));
      return current ? stateOfOrder(current) : 'PENDING';
    }
    const [order] = await tx.select().from(orders).where(eq(orders.reservationId, reservationId)).for('update');
    if (!order) throw new Error(`no order for reservation ${reservationId}`);
    if (order.status !== 'PENDING' && order.status !== 'EXPIRED') return stateOfOrder(order);
    if (isPaid) {
      return settlePaidOrder(app, tx, order, {
        sessionId: session.id,
        paymentId: session.paymentId,
        amountPence: session.amountTotalPence,
      });
    }
    if (isOver) {
      await releaseReservation(tx, reservationId, 'EXPIRED');
      await tx
        .update(orders)
        .set({ status: 'EXPIRED', updatedAt: sql`now()` })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING')));
    }
    return 'PENDING';
  });
}

/** One idempotent fulfilment for the webhook, the result page and the reconciliation job. */
export async function fulfilCheckout(
  app: FastifyInstance,
  sessionId: string,
  event: RecordedEvent | null = null,
): Promise<CheckoutState> {
  const session = await app.payments.retrieveCheckoutSession(sessionId);
  return applyCheckoutSession(app, session, event);
}

/** GET /api/tickets/checkout-result: the decided state, or a fresh look at the provider. */
export async function getCheckoutResult(app: FastifyInstance, sessionId: string): Promise<CheckoutResult> {
  const [order] = await app.db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  if (!order) throw notFound(TICKET_MESSAGES.checkoutSessionNotFound);
  const state = order.outcome ? stateOfOrder(order) : await fulfilCheckout(app, sessionId);
  const [now] = order.outcome ? [order] : await app.db.select().from(orders).where(eq(orders.id, order.id));
  const underage = now?.refundReason === 'UNDERAGE' ? UNDERAGE_REFUND_MESSAGES[state] : undefined;
  return underage ? { state, message: `${MEMBERSHIP_MESSAGES.buyingBlocked} ${underage}` } : resultOf(state);
}
