import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaidTier } from '@fourfour/shared/enums';
import { MEMBERSHIP_MESSAGES, type SubscriptionCheckoutResult } from '@fourfour/shared/memberships';
import { users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { LIVE_STATUSES, priceIdFor, tierOfPrice } from './subscription-status.ts';
import { applySubscriptionCheckout, syncSubscription } from './subscription-sync.service.ts';

async function loadMember(app: FastifyInstance, userId: number) {
  const [user] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!user) throw notFound(MEMBERSHIP_MESSAGES.userNotFound);
  return user;
}

const underageRefusal = () => new AppError('UNDERAGE', 403, MEMBERSHIP_MESSAGES.underageBanner);

/** One provider customer per user, created on first need and reused (a race keeps the first stored). */
async function ensureCustomer(app: FastifyInstance, user: typeof users.$inferSelect): Promise<string> {
  if (user.paymentCustomerId) return user.paymentCustomerId;
  const customer = await app.payments.createCustomer({
    idempotencyKey: `customer:${user.id}`,
    email: user.email ?? undefined,
    metadata: { userId: String(user.id) },
  });
  await app.db
    .update(users)
    .set({ paymentCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.paymentCustomerId)));
  const [stored] = await app.db.select({ id: users.paymentCustomerId }).from(users).where(eq(users.id, user.id));
  return stored?.id ?? customer.id;
}

/**
 * POST /api/subscription/subscribe?tier=: Checkout in subscription mode with the plan's price.
 * UNDERAGE members are refused; a member whose subscription still exists changes plan through the
 * portal instead (a second Checkout would start a second subscription).
 */
export async function startSubscription(
  app: FastifyInstance,
  userId: number,
  tier: PaidTier,
): Promise<{ url: string }> {
  const user = await loadMember(app, userId);
  if (user.verificationStatus === 'UNDERAGE') throw underageRefusal();
  if (user.subscriptionTier !== 'NONE' && LIVE_STATUSES.includes(user.subscriptionStatus)) {
    throw conflict(MEMBERSHIP_MESSAGES.alreadySubscribed, 'ALREADY_SUBSCRIBED');
  }
  const priceId = priceIdFor(app, tier);
  const customerId = await ensureCustomer(app, user);
  const base = app.config.publicUrl;
  const metadata = { kind: 'subscription', userId: String(user.id), tier };
  const session = await app.payments.createSubscriptionCheckoutSession({
    // Each press starts its own checkout; a second paid one is cancelled on arrival (sync service).
    idempotencyKey: `subscribe:${user.id}:${randomUUID()}`,
    clientReferenceId: String(user.id),
    metadata,
    priceId,
    customerId,
    successUrl: `${base}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/subscription/cancel`,
  });
  if (!session.url) throw new AppError('CHECKOUT_UNAVAILABLE', 502, MEMBERSHIP_MESSAGES.startFailed);
  return { url: session.url };
}

/** The three portal calls: only for the caller's own customer and subscription. */
export async function openPortal(
  app: FastifyInstance,
  userId: number,
  flow: 'update' | 'cancel' | 'billing',
): Promise<{ url: string }> {
  const user = await loadMember(app, userId);
  if (flow !== 'billing' && user.verificationStatus === 'UNDERAGE') throw underageRefusal();
  if (!user.paymentCustomerId) {
    throw conflict(
      flow === 'billing' ? MEMBERSHIP_MESSAGES.noBillingAccount : MEMBERSHIP_MESSAGES.noSubscription,
      'NO_SUBSCRIPTION',
    );
  }
  const live = user.subscriptionTier !== 'NONE' && LIVE_STATUSES.includes(user.subscriptionStatus);
  if (flow !== 'billing' && (!live || !user.paymentSubscriptionId)) {
    throw conflict(MEMBERSHIP_MESSAGES.noSubscription, 'NO_SUBSCRIPTION');
  }
  if (flow === 'cancel' && user.subscriptionStatus === 'CANCELLED') {
    throw conflict(MEMBERSHIP_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
  }
  return app.payments.createPortalSession({
    customerId: user.paymentCustomerId,
    flow,
    subscriptionId: user.paymentSubscriptionId ?? undefined,
    returnUrl: `${app.config.publicUrl}/subscribe`,
  });
}

/**
 * GET /api/subscription/checkout-result?session_id=: the session is read from the provider; a paid
 * one is applied here too (the same idempotent path as the webhook), then the subscription's
 * status is answered as the provider has it.
 */
export async function getSubscriptionCheckoutResult(
  app: FastifyInstance,
  sessionId: string,
): Promise<SubscriptionCheckoutResult> {
  let session: Awaited<ReturnType<typeof app.payments.retrieveCheckoutSession>>;
  try {
    session = await app.payments.retrieveCheckoutSession(sessionId);
  } catch (err) {
    app.log.info({ err: (err as Error).message }, 'subscription checkout result: session not found');
    throw notFound(MEMBERSHIP_MESSAGES.checkoutNotFound);
  }
  if (session.mode !== 'subscription' || session.metadata.kind !== 'subscription') {
    throw notFound(MEMBERSHIP_MESSAGES.checkoutNotFound);
  }
  const metadataTier = (session.metadata.tier as PaidTier | undefined) ?? null;
  if (session.status === 'expired') return { status: 'expired', tier: metadataTier };
  if (session.status !== 'complete' || !session.subscriptionId) return { status: 'incomplete', tier: metadataTier };
  await applySubscriptionCheckout(app, session, null);
  const sub = await app.payments.retrieveSubscription(session.subscriptionId);
  const tier = tierOfPrice(app, sub.priceId) ?? metadataTier;
  return { status: sub.status, tier };
}

/** Account deletion: the provider stops renewing; the plan runs to the end of the period paid. */
export async function cancelAtPeriodEndForUser(app: FastifyInstance, userId: number): Promise<void> {
  const [user] = await app.db
    .select({ subscriptionId: users.paymentSubscriptionId, status: users.subscriptionStatus })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.subscriptionId) return;
  const sub = await app.payments.retrieveSubscription(user.subscriptionId);
  if (sub.status !== 'canceled' && !sub.cancelAtPeriodEnd) {
    await app.payments.cancelSubscription(user.subscriptionId, { atPeriodEnd: true });
  }
  await syncSubscription(app, user.subscriptionId, null);
}
