import type { AppModule } from '../module.ts';
import {
  applySubscriptionCheckout,
  applySubscriptionEvent,
  reconcileSubscriptions,
  refundDuplicateSubscription,
} from './subscription-sync.service.ts';
import { SUBSCRIPTION_JOBS } from './subscriptions.jobs.ts';
import subscriptionRoutes from './subscriptions.routes.ts';
import { subscriptionsDemoSeed } from './subscriptions.seed.ts';
import { cancelAtPeriodEndForUser } from './subscriptions.service.ts';
import { cancelSubscriptionNow } from './verification.service.ts';

/** A job that calls the provider: retried for about a day before it needs a person. */
const PROVIDER_CALL_RETRIES = { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 };

/** Memberships: plans, the billing portal, age verification and benefits (spec 02). */
export const subscriptionsModule: AppModule = {
  name: 'subscriptions',
  routes: [subscriptionRoutes],
  jobs: [
    {
      name: SUBSCRIPTION_JOBS.cancelNow,
      handle: (app, { subscriptionId }: { subscriptionId: string }) => cancelSubscriptionNow(app, subscriptionId),
      options: PROVIDER_CALL_RETRIES,
    },
    {
      name: SUBSCRIPTION_JOBS.cancelAtPeriodEnd,
      handle: (app, { userId }: { userId: number }) => cancelAtPeriodEndForUser(app, userId),
      options: PROVIDER_CALL_RETRIES,
    },
    {
      name: SUBSCRIPTION_JOBS.refundDuplicate,
      handle: (app, data: { subscriptionId: string; sessionId: string; userId: number }) =>
        refundDuplicateSubscription(app, data),
      options: PROVIDER_CALL_RETRIES,
    },
    {
      name: SUBSCRIPTION_JOBS.reconcile,
      cron: '*/15 * * * *',
      handle: (app) => reconcileSubscriptions(app),
      options: { retryLimit: 0 },
    },
  ],
  demoSeed: subscriptionsDemoSeed,
  reactions: [
    // DESIGN.md: deleting an account cancels the subscription at the period end. The account module
    // marks our copy in the deletion's transaction; this tells the provider, if and only if it commits.
    {
      event: 'account.deleted',
      name: 'subscriptions.provider-cancel-at-period-end',
      handle: (app, { userId, tx }) => app.jobs.send(SUBSCRIPTION_JOBS.cancelAtPeriodEnd, { userId }, { tx }),
    },
    {
      event: 'payment.checkout.subscription',
      name: 'subscriptions.apply-checkout',
      handle: (app, { session, event }) => applySubscriptionCheckout(app, session, event),
    },
    ...(
      [
        'payment.customer.subscription.created',
        'payment.customer.subscription.updated',
        'payment.customer.subscription.deleted',
        'payment.invoice.paid',
        'payment.invoice.payment_failed',
      ] as const
    ).map((event) => ({ event, name: 'subscriptions.sync', handle: applySubscriptionEvent })),
  ],
};
