import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAID_TIERS } from '@fourfour/shared/enums';
import {
  LOCAL_PORTAL_ACTIONS,
  LocalPortalActionBody,
  LocalPortalView,
  MEMBERSHIP_MESSAGES,
  planPriceGbp,
} from '@fourfour/shared/memberships';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { LocalPortalChange } from '../../lib/payments/local-subscriptions.ts';
import { handleProviderEvent } from '../payments/index.ts';
import { tierOfPrice } from './subscription-status.ts';

/**
 * The local provider's billing portal (/local-pay/portal): the caller's own subscription only. Each
 * action changes the local subscription, then goes through the same handler as Stripe's events
 * (customer.subscription.updated / deleted, invoice.paid, invoice.payment_failed).
 */
const localPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const local = app.localPayments;

  async function ownCustomer(userId: number) {
    if (!local) throw notFound();
    const [user] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.deleted, false)));
    if (!user?.paymentCustomerId) throw conflict(MEMBERSHIP_MESSAGES.noBillingAccount, 'NO_SUBSCRIPTION');
    return { local, user, customerId: user.paymentCustomerId };
  }

  async function view(userId: number) {
    const { local, customerId } = await ownCustomer(userId);
    const sub = await local.subscriptions.latestForCustomer(customerId);
    return {
      customerId,
      subscription: sub
        ? {
            id: sub.id,
            tier: tierOfPrice(app, sub.priceId),
            status: sub.status,
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
          }
        : null,
      plans: PAID_TIERS.map((tier) => ({ tier, price: planPriceGbp(tier) })),
      returnUrl: '/subscribe',
    };
  }

  app.get(
    '/payments/local/portal',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The local provider's billing portal: the caller's subscription and plans",
        tags: ['payments'],
        response: { 200: LocalPortalView },
      },
    },
    async (request) => view(request.user!.id),
  );

  app.post(
    '/payments/local/portal/:action',
    {
      config: { access: 'signed-in', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Act in the local billing portal (change plan, cancel, renew, fail a payment)',
        tags: ['payments'],
        params: z.object({ action: z.enum(LOCAL_PORTAL_ACTIONS) }),
        body: LocalPortalActionBody.nullish(),
        response: { 200: LocalPortalView },
      },
    },
    async (request) => {
      const { local, user, customerId } = await ownCustomer(request.user!.id);
      const sub = await local.subscriptions.latestForCustomer(customerId);
      if (!sub || sub.status === 'canceled') throw conflict(MEMBERSHIP_MESSAGES.noSubscription, 'NO_SUBSCRIPTION');
      const { action } = request.params;
      if (action !== 'fail-payment' && action !== 'renew' && user.verificationStatus === 'UNDERAGE') {
        throw new AppError('UNDERAGE', 403, MEMBERSHIP_MESSAGES.underageBanner);
      }
      let change: LocalPortalChange;
      if (action === 'change-plan') {
        const tier = request.body?.tier;
        if (!tier) throw badRequest('Choose ENTRY, MIDDLE or HEADLINER.');
        change = { action, tier };
      } else {
        change = { action };
      }
      const outcome = await local.subscriptions.applyPortalChange(sub.id, change);
      if (outcome) {
        await handleProviderEvent(app, {
          id: `local_evt_${randomBytes(12).toString('hex')}`,
          type: outcome.type,
          objectId: outcome.type.startsWith('invoice.') ? `local_in_${randomBytes(8).toString('hex')}` : sub.id,
          object: { id: sub.id, subscription: sub.id },
        });
      }
      return view(request.user!.id);
    },
  );
};
export default localPortalRoutes;
