import { and, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events, orderRefunds, orders, tickets, users } from '../../db/schema/index.ts';
import type { ProviderEvent } from '../../lib/payments/gateway.ts';
import { recordPaymentEvent } from '../payments/index.ts';
import { applyCheckoutSession } from './checkout.service.ts';
import { releaseHeldInIdOrder, releaseHeldSql, returnSoldToReleases } from './release-stock.ts';
import { formatEventTime, sendProviderRefundEmail, sendTimeoutRefundEmail } from './tickets.email.ts';
import { TICKET_JOBS } from './tickets.jobs.ts';

/**
 * The refund job: one full refund per order through the provider, with the idempotency key
 * `refund:<order>`, so a retry after a crash never pays out twice. The provider is called with no
 * transaction open; the order is marked REFUNDED afterwards.
 */
export async function refundOrder(app: FastifyInstance, orderId: string): Promise<void> {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status !== 'REFUND_PENDING') return;
  let refundId: string | null = null;
  // What the back office has already paid back (issue 21's partial refunds) is not refunded twice.
  const remainingPence = order.amountPence - order.refundedPence;
  if (remainingPence > 0 && order.providerPaymentId && order.provider !== 'none') {
    try {
      const refund = await app.payments.refund({
        paymentId: order.providerPaymentId,
        amountPence: order.refundedPence > 0 ? remainingPence : undefined,
        idempotencyKey: `refund:${order.id}`,
        metadata: { orderId: order.id, reason: order.refundReason ?? 'TIMEOUT' },
      });
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(`refund ${refund.id} for order ${order.id} ${refund.status}`);
      }
      refundId = refund.id;
    } catch (err) {
      // Someone refunded it in the provider's dashboard meanwhile: the money is back, so it is done.
      const payment = await app.payments.retrievePayment(order.providerPaymentId).catch(() => null);
      if (!payment?.fullyRefunded) throw err;
    }
  }
  await app.db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({
        status: 'REFUNDED',
        providerRefundId: refundId,
        refundedAt: sql`now()`,
        updatedAt: sql`now()`,
        outcome: order.outcome === 'TIMEOUT_REFUND_TRIGGERED' ? 'REFUNDED_TIMEOUT' : order.outcome,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'REFUND_PENDING')))
      .returning({ id: orders.id });
    const isLatePayment = order.refundReason === 'TIMEOUT' || order.refundReason === 'UNDERAGE';
    if (updated.length > 0 && isLatePayment) await sendTimeoutRefundEmail(app, tx, order.id);
  });
}

/**
 * The reconciliation job: checkouts still PENDING a few minutes on are read from the provider. A
 * paid one is fulfilled (a lost webhook loses nothing); one open past its expiry is expired at the
 * provider first, so it can no longer be paid, and its hold is released.
 */
export async function reconcileCheckouts(app: FastifyInstance, olderThanSeconds = 300): Promise<number> {
  const pending = await app.db
    .select({ sessionId: orders.providerSessionId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['PENDING']),
        eq(orders.provider, app.payments.provider),
        isNotNull(orders.providerSessionId),
        lt(orders.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(200);
  let done = 0;
  for (const { sessionId } of pending) {
    if (!sessionId) continue;
    try {
      let session = await app.payments.retrieveCheckoutSession(sessionId);
      if (session.status === 'open' && session.expiresAt.getTime() <= Date.now()) {
        session = await app.payments.expireCheckoutSession(sessionId);
      }
      if (session.status !== 'open') {
        await applyCheckoutSession(app, session);
        done++;
      }
    } catch (err) {
      app.log.warn({ err, sessionId }, 'reconciliation of a checkout failed; next run tries again');
    }
  }
  return done;
}

/**
 * An event was cancelled: open holds are released, every ticket is voided (a free ticket's
 * allowance comes back with it) and every holder is emailed. For an event the product owns, each
 * paid order is refunded in full by the refund job; a third-party organiser's event names the
 * organiser's contact for refunds instead. Safe to run again: nothing is VALID or PAID twice.
 */
export async function cancelEventTickets(app: FastifyInstance, eventId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!event) return;
    await tx.execute(sql`
      WITH r AS (${releaseHeldInIdOrder(sql`event_id = ${eventId}`, 'CANCELLED')}), sums AS (SELECT coalesce(sum(standard_qty), 0)::int AS s, coalesce(sum(vip_qty), 0)::int AS v FROM r),
      ev AS (
        UPDATE events SET held_standard = held_standard - sums.s, held_vip = held_vip - sums.v
        FROM sums WHERE events.id = ${eventId} AND (sums.s > 0 OR sums.v > 0)
        RETURNING events.id
      ), released_releases AS (${releaseHeldSql(sql`r`, sql`ev`)})
      SELECT count(*) FROM ev`);

    const isOwned = !event.organiserName;
    if (isOwned) {
      const refunding = await tx
        .update(orders)
        .set({ status: 'REFUND_PENDING', refundReason: 'EVENT_CANCELLED', updatedAt: sql`now()` })
        .where(
          and(
            eq(orders.eventId, eventId),
            eq(orders.status, 'PAID'),
            sql`${orders.amountPence} > ${orders.refundedPence}`,
          ),
        )
        .returning({ id: orders.id });
      for (const { id } of refunding) await app.jobs.send(TICKET_JOBS.refundOrder, { orderId: id }, { tx });
    }

    const voided = await tx
      .update(tickets)
      .set({ status: 'VOID', voidedAt: sql`now()` })
      .where(and(eq(tickets.eventId, eventId), ne(tickets.status, 'VOID')))
      // The event's sold counters, and its releases', stay as they were: its sales history.
      .returning({ userId: tickets.userId, isFree: tickets.isFree, pricePaidPence: tickets.pricePaidPence });
    const perUser = new Map<number, { count: number; paid: number }>();
    for (const t of voided) {
      const entry = perUser.get(t.userId) ?? { count: 0, paid: 0 };
      entry.count++;
      entry.paid += t.isFree ? 0 : t.pricePaidPence;
      perUser.set(t.userId, entry);
    }
    if (perUser.size === 0) return;
    const holders = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [...perUser.keys()]));
    const when = formatEventTime(event.startsAt, app.config.timezone);
    for (const holder of holders) {
      if (!holder.email) continue;
      const { count, paid } = perUser.get(holder.id)!;
      const paragraphs = [
        `${event.title} (${when}) has been cancelled. Your ${count} ticket(s) for it are no longer valid.`,
      ];
      if (isOwned) {
        if (paid > 0) paragraphs.push('We are refunding what you paid in full to your original payment method.');
        paragraphs.push('Any free ticket you used for this event has been returned to your yearly allowance.');
      } else {
        paragraphs.push(
          `This event was run by ${event.organiserName}. For a refund, please contact them${event.organiserContact ? `: ${event.organiserContact}` : '.'}`,
        );
      }
      await app.mail.send(
        holder.email,
        { subject: `Cancelled: ${event.title}`, heading: 'Your event has been cancelled', paragraphs },
        { tx },
      );
    }
  });
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : null;

/**
 * charge.refunded: a refund made outside the app (Stripe's dashboard). The payment's refund state is
 * re-read from the provider, never taken from the event. A full refund of a PAID order makes it
 * REFUNDED (reason PROVIDER), voids its tickets, gives their stock back (a void free ticket's
 * allowance returns with it) and emails the buyer. A partial refund is recorded in the log only:
 * the tickets stay valid. Our own refunds (order already REFUND_PENDING or REFUNDED) and duplicates
 * change nothing. The event id is recorded in the effect's transaction.
 */
export async function applyProviderRefund(app: FastifyInstance, event: ProviderEvent): Promise<void> {
  const recorded = { id: event.id, type: event.type };
  const paymentId = idOf(event.object.payment_intent) ?? (event.objectId || null);
  const [known] = paymentId
    ? await app.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.providerPaymentId, paymentId))
    : [];
  // A back-office refund in flight (issue 21) is ours: its own completion voids its tickets.
  const [ours] = known
    ? await app.db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, known.id), eq(orderRefunds.status, 'PENDING')))
        .limit(1)
    : [];
  if (!paymentId || !known || known.status !== 'PAID' || ours) {
    // Not a ticket payment (a plan's), or a refund we made ourselves: nothing to change.
    app.log.info({ eventId: event.id, paymentId, status: known?.status }, 'charge.refunded: no paid order to refund');
    await recordPaymentEvent(app.db, recorded);
    return;
  }
  const payment = await app.payments.retrievePayment(paymentId);
  await app.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, recorded))) return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for('update');
    if (order?.status !== 'PAID') return;
    if (!payment.fullyRefunded) {
      app.log.warn(
        { orderId: order.id, refundedPence: payment.amountRefundedPence, amountPence: payment.amountPence },
        'partial refund made at the provider; the tickets stay valid',
      );
      return;
    }
    await tx
      .update(orders)
      .set({ status: 'REFUNDED', refundReason: 'PROVIDER', refundedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    const voided = await tx
      .update(tickets)
      .set({ status: 'VOID', voidedAt: sql`now()` })
      .where(and(eq(tickets.orderId, order.id), ne(tickets.status, 'VOID')))
      .returning({ ticketType: tickets.ticketType, releaseId: tickets.releaseId });
    const vip = voided.filter((t) => t.ticketType === 'VIP').length;
    const standard = voided.length - vip;
    if (voided.length > 0) {
      await tx.execute(sql`
        UPDATE events SET sold_standard = sold_standard - ${standard}, sold_vip = sold_vip - ${vip}
        WHERE id = ${order.eventId}`);
      await returnSoldToReleases(
        tx,
        voided.map((t) => t.releaseId),
      );
    }
    app.log.info({ orderId: order.id, voided: voided.length }, 'order refunded at the provider; tickets voided');
    await sendProviderRefundEmail(app, tx, order.id, voided.length);
  });
}
