import type { FastifyInstance } from 'fastify';
import { PAID_TIERS, type PaidTier, type SubscriptionStatus } from '@fourfour/shared/enums';
import { RUNNING_SUBSCRIPTION_STATUSES } from '@fourfour/shared/membership-active';
import { MEMBERSHIP_MESSAGES } from '@fourfour/shared/memberships';
import { AppError } from '../../lib/errors.ts';
import type { ProviderSubscription } from '../../lib/payments/gateway.ts';
import { localPriceId, tierOfLocalPrice } from '../../lib/payments/local-subscriptions.ts';

/**
 * DESIGN.md's mapping from the provider's subscription to ours: active/trialing → ACTIVE, with a
 * cancellation scheduled → CANCELLED (until the period end); past_due, unpaid, incomplete → FAILED;
 * canceled → ENDED (tier back to NONE). incomplete_expired never ran: ENDED. paused collects
 * nothing: FAILED (the billing link is what the member needs).
 */
export function statusOfProviderSubscription(sub: Pick<ProviderSubscription, 'status' | 'cancelAtPeriodEnd'>) {
  let status: SubscriptionStatus;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      status = sub.cancelAtPeriodEnd ? 'CANCELLED' : 'ACTIVE';
      break;
    case 'canceled':
    case 'incomplete_expired':
      status = 'ENDED';
      break;
    default:
      status = 'FAILED';
  }
  return status;
}

/** Statuses in which a subscription exists at the provider and may still charge or run. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['ACTIVE', 'CANCELLED', 'FAILED'];
/** Statuses in which the member has their plan (free tickets, benefits). */
export const RUNNING_STATUSES: readonly SubscriptionStatus[] = RUNNING_SUBSCRIPTION_STATUSES;

/** The provider's price id of a plan: STRIPE_PRICE_* with Stripe, fixed ids with the local provider. */
export function priceIdFor(app: FastifyInstance, tier: PaidTier): string {
  if (app.payments.provider === 'local') return localPriceId(tier);
  const price = app.config.payments.stripePrices[tier];
  if (!price) throw new AppError('PLANS_NOT_CONFIGURED', 503, MEMBERSHIP_MESSAGES.plansNotConfigured);
  return price;
}

/** The plan of a price id (either provider's), or null when it is none of ours. */
export function tierOfPrice(app: FastifyInstance, priceId: string | null): PaidTier | null {
  if (!priceId) return null;
  const local = tierOfLocalPrice(priceId);
  if (local) return local;
  return PAID_TIERS.find((t) => app.config.payments.stripePrices[t] === priceId) ?? null;
}
