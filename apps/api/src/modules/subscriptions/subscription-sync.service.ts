import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaidTier, SubscriptionStatus } from '@fourfour/shared/enums';
import type { Tx } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { CheckoutSession, ProviderEvent, ProviderSubscription } from '../../lib/payments/gateway.ts';
import { type RecordedEvent, recordPaymentEvent } from '../payments/index.ts';
import { grantBenefits } from './benefits.service.ts';
import { sendMembershipEmail } from './subscriptions.email.ts';
import { SUBSCRIPTION_JOBS } from './subscriptions.jobs.ts';
import { LIVE_STATUSES, RUNNING_STATUSES, statusOfProviderSubscription, tierOfPrice } from './subscription-status.ts';

/**
 * One way in for every subscription change, whoever reports it (Stripe's webhook, the local portal,
 * the checkout result page, reconciliation, an admin's UNDERAGE): the subscription is re-read from
 * the provider and our copy is set to what it says now. Applying the same state twice changes
 * nothing, so duplicate and out-of-order events end in the right state; emails and benefits follow
 * the transitions, decided under the user's row lock.
 */

/** Per subscription, reads and writes run one at a time in this process (a later read is applied later). */
const queues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

export interface SyncOutcome {
  userId: number | null;
  status: SubscriptionStatus | null;
  tier: PaidTier | null;
  providerStatus: string;
}

async function findOwner(app: FastifyInstance, tx: Tx, sub: ProviderSubscription): Promise<number | null> {
  const fromMetadata = Number(sub.metadata.userId);
  if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0) return fromMetadata;
  const [known] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, sub.id));
  if (known) return known.userId;
  if (!sub.customerId) return null;
  const [byCustomer] = await tx.select({ id: users.id }).from(users).where(eq(users.paymentCustomerId, sub.customerId));
  app.log.debug({ subscriptionId: sub.id }, 'subscription owner found by customer id');
  return byCustomer?.id ?? null;
}

/** Re-reads a subscription from the provider and applies it; records `event` in the same transaction. */
export function syncSubscription(
  app: FastifyInstance,
  subscriptionId: string,
  event: RecordedEvent | null,
  options: { reason?: 'underage' } = {},
): Promise<SyncOutcome | 'duplicate'> {
  return serialised(subscriptionId, async () => {
    const sub = await app.payments.retrieveSubscription(subscriptionId);
    return app.db.transaction((tx) => applySubscription(app, tx, sub, event, options));
  });
}

async function applySubscription(
  app: FastifyInstance,
  tx: Tx,
  sub: ProviderSubscription,
  event: RecordedEvent | null,
  options: { reason?: 'underage' },
): Promise<SyncOutcome | 'duplicate'> {
  if (event && !(await recordPaymentEvent(tx, event))) return 'duplicate';
  const userId = await findOwner(app, tx, sub);
  const tier = tierOfPrice(app, sub.priceId) ?? (sub.metadata.tier as PaidTier | undefined) ?? null;
  if (!userId || !tier) {
    app.log.warn({ subscriptionId: sub.id, priceId: sub.priceId }, 'subscription of no known user or plan; ignored');
    return { userId, status: null, tier, providerStatus: sub.status };
  }
  // The user's row lock orders every change of this member's subscription state.
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) return { userId: null, status: null, tier, providerStatus: sub.status };

  let status = statusOfProviderSubscription(sub);
  // An UNDERAGE member never runs a plan again, whatever a late event says (the cancel is on its way).
  if (user.verificationStatus === 'UNDERAGE' && status !== 'ENDED') status = 'ENDED';

  const [previous] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, sub.id))
    .for('update');
  const running = RUNNING_STATUSES.includes(status);
  const firstActivation = running && !previous?.activatedAt;
  const values = {
    userId,
    provider: app.payments.provider,
    providerSubscriptionId: sub.id,
    providerCustomerId: sub.customerId || null,
    tier,
    status,
    providerStatus: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    startedAt: sub.startedAt,
    endedAt: status === 'ENDED' ? (sub.endedAt ?? new Date()) : null,
    updatedAt: new Date(),
    ...(firstActivation ? { activatedAt: new Date() } : {}),
  };
  if (previous) {
    await tx.update(subscriptions).set(values).where(eq(subscriptions.id, previous.id));
  } else {
    await tx.insert(subscriptions).values(values);
  }

  // The user's fields mirror their current subscription: this one, unless another one still runs.
  const current = user.paymentSubscriptionId;
  let isCurrent = !current || current === sub.id;
  if (!isCurrent && status !== 'ENDED') {
    const [other] = await tx
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, current!));
    isCurrent = !other || !LIVE_STATUSES.includes(other.status);
  }
  if (!isCurrent) return { userId, status, tier, providerStatus: sub.status };

  const before = current === sub.id ? user.subscriptionStatus : 'NONE';
  const becomesPending = firstActivation && user.verificationStatus === 'NONE';
  await tx
    .update(users)
    .set({
      subscriptionTier: status === 'ENDED' ? 'NONE' : tier,
      subscriptionStatus: status,
      subscriptionStartDate: sub.startedAt,
      subscriptionExpiresAt: status === 'ENDED' ? (sub.endedAt ?? new Date()) : sub.currentPeriodEnd,
      paymentSubscriptionId: sub.id,
      paymentCustomerId: user.paymentCustomerId ?? (sub.customerId || null),
      ...(becomesPending ? { verificationStatus: 'PENDING' as const } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));

  // Benefits: created when the plan starts running, the new tier's added on an upgrade (never twice).
  if (running) await grantBenefits(tx, userId, tier);

  const to = user.deleted ? null : user.email;
  if (firstActivation) {
    await sendMembershipEmail(app, tx, to, {
      kind: 'welcome',
      tier,
      pendingVerification: (becomesPending ? 'PENDING' : user.verificationStatus) !== 'VERIFIED',
    });
  }
  if (status === 'FAILED' && before !== 'FAILED') {
    await sendMembershipEmail(app, tx, to, { kind: 'payment-failed', tier });
  }
  const cancelled = status === 'CANCELLED' && before !== 'CANCELLED' && !firstActivation;
  const endedWithoutNotice = status === 'ENDED' && (before === 'ACTIVE' || before === 'FAILED');
  if ((cancelled || endedWithoutNotice) && options.reason !== 'underage' && user.verificationStatus !== 'UNDERAGE') {
    await sendMembershipEmail(app, tx, to, {
      kind: 'cancellation',
      tier,
      endsAt: status === 'ENDED' ? null : sub.currentPeriodEnd,
    });
  }
  return { userId, status, tier, providerStatus: sub.status };
}

/**
 * A paid subscription-mode checkout: links the provider customer to the user and applies the
 * subscription it started. When the user already has another subscription running (two checkouts
 * paid), the newer one is cancelled at once so nobody pays twice, and its first payment is refunded.
 */
export async function applySubscriptionCheckout(
  app: FastifyInstance,
  session: CheckoutSession,
  event: RecordedEvent | null,
): Promise<SyncOutcome | 'duplicate' | 'ignored'> {
  const userId = Number(session.metadata.userId);
  const paid = session.status === 'complete' && session.paymentStatus !== 'unpaid';
  if (!paid || !session.subscriptionId || !Number.isSafeInteger(userId)) {
    // Expired or not paid yet: nothing to change; the event is still recorded as seen.
    if (event) await recordPaymentEvent(app.db, event);
    return 'ignored';
  }
  if (session.customerId) {
    await app.db
      .update(users)
      .set({ paymentCustomerId: session.customerId })
      .where(sql`${users.id} = ${userId} AND ${users.paymentCustomerId} IS NULL`);
  }
  const [user] = await app.db
    .select({ current: users.paymentSubscriptionId, status: users.subscriptionStatus })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.current && user.current !== session.subscriptionId && LIVE_STATUSES.includes(user.status)) {
    app.log.warn({ userId, extra: session.subscriptionId }, 'second subscription paid; cancelling the newer one');
    await app.payments.cancelSubscription(session.subscriptionId, { atPeriodEnd: false });
    await queueDuplicateRefund(app, session.subscriptionId, session.id, userId);
  }
  return syncSubscription(app, session.subscriptionId, event);
}

/**
 * The cancelled second subscription's first payment is refunded in full by a durable job. The job is
 * queued once per subscription: its idempotency key is recorded in payment_events in the same
 * transaction, so the webhook, its duplicates and the result page cannot queue it twice.
 */
async function queueDuplicateRefund(
  app: FastifyInstance,
  subscriptionId: string,
  sessionId: string,
  userId: number,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const key = `refund:subscription:${subscriptionId}`;
    if (!(await recordPaymentEvent(tx, { id: key, type: 'internal.subscription.duplicate-refund' }))) return;
    await app.jobs.send(SUBSCRIPTION_JOBS.refundDuplicate, { subscriptionId, sessionId, userId }, { tx });
  });
}

/**
 * The refund job: the payment the second checkout took, refunded in full with the idempotency key
 * `refund:subscription:<id>` (a retry never pays out twice), then the member is told.
 */
export async function refundDuplicateSubscription(
  app: FastifyInstance,
  input: { subscriptionId: string; sessionId: string; userId: number },
): Promise<void> {
  const paymentId = await app.payments.findCheckoutPaymentId(input.sessionId);
  if (!paymentId) throw new Error(`no payment found yet for checkout ${input.sessionId}`);
  let amountPence: number;
  try {
    const refund = await app.payments.refund({
      paymentId,
      idempotencyKey: `refund:subscription:${input.subscriptionId}`,
      metadata: { subscriptionId: input.subscriptionId, reason: 'DUPLICATE_SUBSCRIPTION' },
    });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new Error(`refund ${refund.id} for subscription ${input.subscriptionId} ${refund.status}`);
    }
    amountPence = refund.amountPence;
  } catch (err) {
    // Already refunded in full (by support in the provider's dashboard): done, the member is told.
    const payment = await app.payments.retrievePayment(paymentId).catch(() => null);
    if (!payment?.fullyRefunded) throw err;
    amountPence = payment.amountRefundedPence;
  }
  app.log.info({ subscriptionId: input.subscriptionId, amountPence }, 'duplicate subscription refunded');
  const [user] = await app.db
    .select({ email: users.email, deleted: users.deleted })
    .from(users)
    .where(eq(users.id, input.userId));
  await app.db.transaction((tx) =>
    sendMembershipEmail(app, tx, user && !user.deleted ? user.email : null, {
      kind: 'duplicate-refunded',
      amountPence,
    }),
  );
}

/** The subscription an event is about: the object itself, or an invoice's subscription. */
export function subscriptionIdOf(event: ProviderEvent): string | null {
  const o = event.object;
  if (event.type.startsWith('customer.subscription.')) return event.objectId || null;
  const direct = o.subscription;
  if (typeof direct === 'string') return direct;
  if (direct && typeof direct === 'object' && typeof (direct as { id?: unknown }).id === 'string') {
    return (direct as { id: string }).id;
  }
  // Current API: invoice.parent.subscription_details.subscription.
  const parent = o.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  if (typeof nested === 'string') return nested;
  if (nested && typeof nested === 'object') return (nested as { id: string }).id ?? null;
  return null;
}

/** A provider's subscription or invoice event (the reaction to `payment.customer.subscription.*`, `payment.invoice.*`). */
export async function applySubscriptionEvent(app: FastifyInstance, event: ProviderEvent): Promise<void> {
  const id = subscriptionIdOf(event);
  if (!id) {
    await recordPaymentEvent(app.db, { id: event.id, type: event.type });
    return;
  }
  await syncSubscription(app, id, { id: event.id, type: event.type });
}

/** Re-reads, from the provider, every subscription still live whose paid period has ended. */
export async function reconcileSubscriptions(app: FastifyInstance): Promise<number> {
  const due = await app.db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['ACTIVE', 'CANCELLED', 'FAILED']),
        eq(subscriptions.provider, app.payments.provider),
        lt(subscriptions.currentPeriodEnd, sql`now()`),
      ),
    )
    .limit(500);
  for (const { id } of due) {
    try {
      await syncSubscription(app, id, null);
    } catch (err) {
      app.log.warn({ err, subscriptionId: id }, 'subscription reconciliation failed; next run retries');
    }
  }
  return due.length;
}
