import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { subscriptions } from '../../db/schema/index.ts';
import { onAccountDeleted } from '../account/account-deleted.ts';
import { SUBSCRIPTION_JOBS } from './subscription-jobs.ts';
import { refundDuplicateSubscription, syncSubscription } from './subscription-sync.service.ts';
import { cancelAtPeriodEndForUser } from './subscriptions.service.ts';
import { cancelSubscriptionNow } from './verification.service.ts';

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

export function defineSubscriptionJobs(app: FastifyInstance): void {
  app.jobs.define<{ subscriptionId: string }>({
    name: SUBSCRIPTION_JOBS.cancelNow,
    handler: async ({ subscriptionId }) => cancelSubscriptionNow(app, subscriptionId),
    options: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  });
  app.jobs.define<{ userId: number }>({
    name: SUBSCRIPTION_JOBS.cancelAtPeriodEnd,
    handler: async ({ userId }) => cancelAtPeriodEndForUser(app, userId),
    options: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  });
  app.jobs.define<{ subscriptionId: string; sessionId: string; userId: number }>({
    name: SUBSCRIPTION_JOBS.refundDuplicate,
    handler: async (data) => refundDuplicateSubscription(app, data),
    // A refund is retried for about a day before it needs a person.
    options: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  });
  app.jobs.define({
    name: SUBSCRIPTION_JOBS.reconcile,
    handler: async () => {
      await reconcileSubscriptions(app);
    },
    options: { retryLimit: 0 },
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(SUBSCRIPTION_JOBS.reconcile, '*/15 * * * *');
  });
}

// DESIGN.md: deleting an account cancels the subscription at the period end. The accounts module
// marks our copy in the deletion's transaction; this tells the provider, if and only if it commits.
onAccountDeleted('subscriptions.provider-cancel-at-period-end', async (app, userId, tx) => {
  await app.jobs.send(SUBSCRIPTION_JOBS.cancelAtPeriodEnd, { userId }, { tx });
});
