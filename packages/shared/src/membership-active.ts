import type { SubscriptionStatus, SubscriptionTier } from './enums.ts';

/**
 * The one home of "membership is active": a paid tier whose subscription runs. A cancellation only
 * ends it at the period end, so CANCELLED counts until its expiry; an expiry equal to now has
 * ended. Zod-free (the web may import it). The SQL form, for lists that sort or count by it, is
 * apps/api/src/db/membership-active.ts, checked against this by its property test.
 */
export const RUNNING_SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELLED'] as const satisfies readonly SubscriptionStatus[];

export function isSubscriptionActive(
  tier: SubscriptionTier,
  status: SubscriptionStatus,
  expiresAt?: Date | string | null,
  now: Date = new Date(),
): boolean {
  if (tier === 'NONE' || !(RUNNING_SUBSCRIPTION_STATUSES as readonly SubscriptionStatus[]).includes(status))
    return false;
  return !expiresAt || new Date(expiresAt).getTime() > now.getTime();
}
