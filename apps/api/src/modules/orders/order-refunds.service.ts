import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { penceToPounds } from '@fourfour/shared/money';
import { ORDER_ACTION_MESSAGES, type RefundResponse } from '@fourfour/shared/order-actions';
import type { DbOrTx } from '../../db/client.ts';
import { events, orderRefunds, orders, tickets, users } from '../../db/schema/index.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { returnSoldToReleases } from '../tickets/index.ts';
import { writeOrderAudit } from './order-actions.service.ts';
import { sendPartialRefundEmail } from './order-actions.email.ts';

/*
 * Refunds of some or all of an order's tickets from the back office (issue 21). Three steps, the
 * provider called with no transaction open:
 *   1. claim: under the order's lock, the request is checked and an order_refunds row written
 *      PENDING (keyed by the order and its sorted ticket ids, so a double click finds the same row);
 *   2. the provider refunds the tickets' amount with the key refund:<row id>, so a retry, or the
 *      recovery job after a crash, never pays out twice;
 *   3. complete, in one transaction: the row SUCCEEDED, the tickets VOID, stock back to the event and
 *      its releases, the order's refunded total (REFUNDED when no ticket is left), the audit row and
 *      the buyer's mail. A free ticket's allowance comes back by itself: void tickets are not counted.
 * A provider failure marks the row FAILED and changes nothing else; the same request retries it.
 */

type RefundRow = typeof orderRefunds.$inferSelect;

export const requestKeyOf = (orderId: string, ticketIds: readonly string[]) =>
  `${orderId}:${[...new Set(ticketIds.map((id) => id.toLowerCase()))].sort().join(',')}`;

/** A refund in flight is picked up by the recovery job after this long. */
export const STALE_REFUND_SECONDS = 60;

export async function refundOrderTickets(
  app: FastifyInstance,
  actorId: number,
  orderId: string,
  body: { ticketIds: string[]; reason: string; force: boolean },
): Promise<RefundResponse> {
  const claimed = await claimRefund(app, actorId, orderId, body);
  if (claimed.status === 'SUCCEEDED') return answerOf(app.db, claimed);
  const providerRefundId = await refundAtProvider(app, claimed).catch(async (err: unknown) => {
    app.log.warn({ err, orderId, refundId: claimed.id }, 'the provider refused or failed a back-office refund');
    await app.db
      .update(orderRefunds)
      .set({ status: 'FAILED', error: String((err as Error)?.message ?? err).slice(0, 500) })
      .where(and(eq(orderRefunds.id, claimed.id), eq(orderRefunds.status, 'PENDING')));
    throw new AppError('REFUND_PROVIDER_FAILED', 502, ORDER_ACTION_MESSAGES.refundProviderFailed);
  });
  await completeRefund(app, claimed.id, providerRefundId);
  const [done] = await app.db.select().from(orderRefunds).where(eq(orderRefunds.id, claimed.id));
  return answerOf(app.db, done!);
}

/** Step 1: the request checked and recorded under the order's lock; a SUCCEEDED row is answered again. */
async function claimRefund(
  app: FastifyInstance,
  actorId: number,
  orderId: string,
  body: { ticketIds: string[]; reason: string; force: boolean },
): Promise<RefundRow> {
  const ticketIds = [...new Set(body.ticketIds.map((id) => id.toLowerCase()))].sort();
  const requestKey = requestKeyOf(orderId, ticketIds);
  return app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(ORDER_ACTION_MESSAGES.orderNotFound);
    const [existing] = await tx.select().from(orderRefunds).where(eq(orderRefunds.requestKey, requestKey));
    if (existing?.status === 'SUCCEEDED') return existing;
    const inFlight = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'PENDING')))
      .limit(1);
    // One refund of an order at a time: two overlapping ones could pay a ticket back twice.
    if (inFlight.length > 0) throw conflict(ORDER_ACTION_MESSAGES.refundInProgress, 'REFUND_IN_PROGRESS');
    if (order.status !== 'PAID') throw conflict(ORDER_ACTION_MESSAGES.refundNotPaid, 'ORDER_NOT_PAID');
    // A FAILED attempt may still have paid out (the provider's answer lost on the way back): its
    // tickets are refunded again only by the same request, with the same provider key, never by a
    // new one that the provider would pay a second time.
    const failedEarlier = await tx
      .select({ ticketIds: orderRefunds.ticketIds })
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.orderId, orderId),
          eq(orderRefunds.status, 'FAILED'),
          ne(orderRefunds.requestKey, requestKey),
        ),
      );
    if (failedEarlier.some((r) => r.ticketIds.some((id) => ticketIds.includes(id))))
      throw conflict(ORDER_ACTION_MESSAGES.refundRetryFailedFirst, 'REFUND_FAILED_EARLIER');

    const chosen = await tx
      .select()
      .from(tickets)
      .where(and(inArray(tickets.id, ticketIds), eq(tickets.orderId, orderId)));
    if (chosen.length !== ticketIds.length) throw fieldError('ticketIds', ORDER_ACTION_MESSAGES.refundTicketNotInOrder);
    if (chosen.some((t) => t.status === 'VOID')) throw conflict(ORDER_ACTION_MESSAGES.refundTicketVoid, 'TICKET_VOID');
    const admitted = chosen.filter((t) => t.status === 'USED');
    if (admitted.length > 0 && !body.force) {
      const names = admitted.map((t) => `${t.ticketType} ${t.firstName ?? ''} ${t.lastName ?? ''}`.trim()).join(', ');
      throw conflict(ORDER_ACTION_MESSAGES.refundScannedNeedsForce(names), 'TICKET_ADMITTED');
    }
    const amountPence = chosen.reduce((sum, t) => sum + (t.isFree ? 0 : t.pricePaidPence), 0);
    const values = {
      ticketIds,
      amountPence,
      reason: body.reason,
      force: body.force,
      status: 'PENDING',
      error: null,
      requestedBy: actorId,
    };
    if (existing) {
      // A FAILED attempt of the same request: tried again with the same provider key.
      const [retried] = await tx
        .update(orderRefunds)
        .set({ ...values, createdAt: sql`now()` })
        .where(eq(orderRefunds.id, existing.id))
        .returning();
      return retried!;
    }
    const [created] = await tx
      .insert(orderRefunds)
      .values({ ...values, orderId, requestKey })
      .returning();
    return created!;
  });
}

/** Step 2: the provider pays the amount back; answers its refund id (null when nothing was paid). */
async function refundAtProvider(app: FastifyInstance, row: RefundRow): Promise<string | null> {
  if (row.amountPence <= 0) return null;
  const [order] = await app.db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order?.providerPaymentId || order.provider === 'none') return null;
  const refund = await app.payments.refund({
    paymentId: order.providerPaymentId,
    amountPence: row.amountPence,
    idempotencyKey: `refund:${row.id}`,
    metadata: { orderId: row.orderId, orderRefundId: row.id, reason: 'BACK_OFFICE' },
  });
  if (refund.status === 'failed' || refund.status === 'canceled') {
    throw new Error(`refund ${refund.id} for order ${row.orderId} ${refund.status}`);
  }
  return refund.id;
}

/** Step 3: the refund's effects, once; a second completion (the recovery job too) changes nothing. */
export async function completeRefund(
  app: FastifyInstance,
  refundId: string,
  providerRefundId: string | null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderRefunds)
      .set({ status: 'SUCCEEDED', providerRefundId, completedAt: sql`now()`, error: null })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'PENDING')))
      .returning();
    if (!row) return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
    const voided = await tx
      .update(tickets)
      .set({ status: 'VOID', voidedAt: sql`now()` })
      .where(and(inArray(tickets.id, row.ticketIds), eq(tickets.orderId, row.orderId), ne(tickets.status, 'VOID')))
      .returning();
    const vip = voided.filter((t) => t.ticketType === 'VIP').length;
    const standard = voided.length - vip;
    if (voided.length > 0) {
      await tx.execute(sql`
        UPDATE events SET sold_standard = sold_standard - ${standard}, sold_vip = sold_vip - ${vip}
        WHERE id = ${order!.eventId}`);
      await returnSoldToReleases(
        tx,
        voided.map((t) => t.releaseId),
      );
    }
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(eq(tickets.orderId, row.orderId), ne(tickets.status, 'VOID')));
    const wholeOrder = Number(left?.n ?? 0) === 0;
    await tx
      .update(orders)
      .set({
        refundedPence: sql`${orders.refundedPence} + ${row.amountPence}`,
        updatedAt: sql`now()`,
        ...(wholeOrder && order!.status === 'PAID'
          ? { status: 'REFUNDED', refundReason: 'ADMIN', refundedAt: sql`now()`, providerRefundId }
          : {}),
      })
      .where(eq(orders.id, row.orderId));
    await writeOrderAudit(
      tx,
      row.requestedBy,
      'order.refunded',
      { type: 'order', id: row.orderId },
      {
        refundId: row.id,
        ticketIds: row.ticketIds,
        amountPence: row.amountPence,
        reason: row.reason,
        force: row.force,
      },
    );
    const [buyer] = await tx
      .select({ email: users.email, title: events.title, startsAt: events.startsAt })
      .from(users)
      .innerJoin(events, eq(events.id, order!.eventId))
      .where(eq(users.id, order!.userId));
    if (buyer?.email && voided.length > 0) {
      await sendPartialRefundEmail(app, tx, {
        email: buyer.email,
        event: { title: buyer.title, startsAt: buyer.startsAt },
        amountPence: row.amountPence,
        tickets: voided,
        wholeOrder,
      });
    }
  });
}

/**
 * The recovery job: a refund still PENDING a minute on (the process died between the provider's
 * answer and the completion, or during the call) is asked again with the same key, then completed.
 * A provider failure marks it FAILED, so the admin's retry can finish it.
 */
export async function completePendingRefunds(
  app: FastifyInstance,
  olderThanSeconds = STALE_REFUND_SECONDS,
): Promise<number> {
  const stale = await app.db
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.status, 'PENDING'),
        lt(orderRefunds.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(100);
  let done = 0;
  for (const row of stale) {
    try {
      await completeRefund(app, row.id, await refundAtProvider(app, row));
      done++;
    } catch (err) {
      app.log.warn({ err, refundId: row.id }, 'a pending back-office refund failed again at the provider');
      await app.db
        .update(orderRefunds)
        .set({ status: 'FAILED', error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, 'PENDING')));
    }
  }
  return done;
}

async function answerOf(db: DbOrTx, row: RefundRow): Promise<RefundResponse> {
  const [order] = await db
    .select({ status: orders.status, refundedPence: orders.refundedPence })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  return {
    refundId: row.id,
    orderId: row.orderId,
    ticketIds: row.ticketIds,
    amount: penceToPounds(row.amountPence),
    refundedTotal: penceToPounds(order?.refundedPence ?? 0),
    orderStatus: order?.status ?? 'PAID',
    message: ORDER_ACTION_MESSAGES.refundDone,
  };
}
