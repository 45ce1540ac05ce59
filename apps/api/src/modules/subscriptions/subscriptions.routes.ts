import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BenefitRecord,
  BenefitRecordList,
  IdParams,
  PendingVerificationPage,
  PendingVerificationQuery,
  SubscribeQuery,
  SubscribersPage,
  SubscribersQuery,
  SubscriptionCheckoutResult,
  VerificationResult,
} from '@fourfour/shared/memberships';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { UrlResponse } from '@fourfour/shared/tickets';
import { listBenefits, listSubscribers, setBenefitDelivered } from './benefits.service.ts';
import localPortalRoutes from './local-portal.routes.ts';
import { getSubscriptionCheckoutResult, openPortal, startSubscription } from './subscriptions.service.ts';
import { listPendingVerification, markUnderage, verifyUser } from './verification.service.ts';

const CheckoutResultQuery = z.object({ session_id: z.string().min(1).max(255) });

/** Plans, the billing portal, age verification and benefits (spec 02). */
const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's client may post with an empty form-encoded body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const member = { config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } } } as const;
  const admin = { config: { access: { roles: ADMIN_ROLES } } } as const;

  app.post(
    '/subscription/subscribe',
    {
      ...member,
      schema: {
        summary: 'Start a membership checkout for a plan: the checkout page URL',
        tags: ['subscriptions'],
        querystring: SubscribeQuery,
        response: { 200: UrlResponse },
      },
    },
    async (request) => startSubscription(app, request.user!.id, request.query.tier),
  );
  app.get(
    '/subscription/portal/upgrade-or-downgrade',
    {
      ...member,
      schema: {
        summary: 'The billing portal URL to change plan',
        tags: ['subscriptions'],
        response: { 200: UrlResponse },
      },
    },
    async (request) => openPortal(app, request.user!.id, 'update'),
  );
  app.get(
    '/subscription/portal/cancel',
    {
      ...member,
      schema: {
        summary: 'The billing portal URL to cancel the membership',
        tags: ['subscriptions'],
        response: { 200: UrlResponse },
      },
    },
    async (request) => openPortal(app, request.user!.id, 'cancel'),
  );
  app.get(
    '/subscription/billing-portal',
    {
      ...member,
      schema: { summary: 'The billing portal URL', tags: ['subscriptions'], response: { 200: UrlResponse } },
    },
    async (request) => openPortal(app, request.user!.id, 'billing'),
  );
  // Public, like the page that calls it: the session id is an unguessable capability, and the
  // answer holds only a status and a tier.
  app.get(
    '/subscription/checkout-result',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: 'The outcome of a membership checkout',
        tags: ['subscriptions'],
        querystring: CheckoutResultQuery,
        response: { 200: SubscriptionCheckoutResult },
      },
    },
    async (request) => getSubscriptionCheckoutResult(app, request.query.session_id),
  );

  app.get(
    '/admin/verification/pending',
    {
      ...admin,
      schema: {
        summary: 'Accounts waiting for age verification (paged)',
        tags: ['verification'],
        querystring: PendingVerificationQuery,
        response: { 200: PendingVerificationPage },
      },
    },
    async (request) => listPendingVerification(app, request.query),
  );
  app.post(
    '/admin/verification/:id/verify',
    {
      ...admin,
      schema: {
        summary: 'Mark an account as age-verified',
        tags: ['verification'],
        params: IdParams,
        response: { 200: VerificationResult },
      },
    },
    async (request) => verifyUser(app, request.params.id),
  );
  app.post(
    '/admin/verification/:id/underage',
    {
      ...admin,
      schema: {
        summary: 'Mark an account as underage',
        tags: ['verification'],
        params: IdParams,
        response: { 200: VerificationResult },
      },
    },
    async (request) => markUnderage(app, request.params.id),
  );

  app.get(
    '/admin/benefits/subscribers',
    {
      ...admin,
      schema: {
        summary: 'Members and their benefits (paged)',
        tags: ['benefits'],
        querystring: SubscribersQuery,
        response: { 200: SubscribersPage },
      },
    },
    async (request) => listSubscribers(app.db, request.query),
  );
  app.get(
    '/admin/benefits/user/:id',
    {
      ...admin,
      schema: {
        summary: "One member's benefits",
        tags: ['benefits'],
        params: IdParams,
        response: { 200: BenefitRecordList },
      },
    },
    async (request) => listBenefits(app.db, request.params.id),
  );
  app.post(
    '/admin/benefits/deliver/:id',
    {
      ...admin,
      schema: {
        summary: 'Mark a benefit as delivered',
        tags: ['benefits'],
        params: IdParams,
        response: { 200: BenefitRecord },
      },
    },
    async (request) => setBenefitDelivered(app.db, request.params.id, true, request.user!.id),
  );
  app.post(
    '/admin/benefits/undeliver/:id',
    {
      ...admin,
      schema: {
        summary: 'Mark a benefit as not delivered',
        tags: ['benefits'],
        params: IdParams,
        response: { 200: BenefitRecord },
      },
    },
    async (request) => setBenefitDelivered(app.db, request.params.id, false, request.user!.id),
  );

  await app.register(localPortalRoutes);
};
export default subscriptionRoutes;
