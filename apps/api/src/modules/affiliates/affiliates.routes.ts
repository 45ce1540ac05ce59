import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AffiliateCodeResponse,
  AffiliatesPage,
  AffiliatesQuery,
  SalesHistory,
  UserIdParams,
} from '@fourfour/shared/affiliates';
import { ADMIN_ROLES, AFFILIATE_ROLES } from '@fourfour/shared/enums';
import { getOrCreateAffiliateCode, getSalesHistory, getSalesHistoryOf, listAffiliates } from './affiliates.service.ts';

const tags = ['affiliates'];

/**
 * The affiliate's own code and sales (AFFILIATE, ADMIN, MASTER), and the admin sales view's two
 * master endpoints (ADMIN, MASTER): the affiliate list and any affiliate's sales history.
 */
const affiliatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/affiliate/generate',
    {
      config: { access: { roles: AFFILIATE_ROLES }, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The caller's affiliate code, created on the first call",
        response: { 200: AffiliateCodeResponse },
      },
    },
    async (request) => ({ affiliateCode: await getOrCreateAffiliateCode(app, request.user!.id) }),
  );

  app.get(
    '/affiliate/stats',
    {
      config: { access: { roles: AFFILIATE_ROLES } },
      schema: {
        tags,
        summary: "The caller's monthly sales, newest first",
        response: { 200: SalesHistory },
      },
    },
    async (request) => getSalesHistory(app, request.user!.id),
  );

  app.get(
    '/master/affiliates',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags,
        summary: 'Affiliates (role AFFILIATE or holding a code), paged; q searches username, email or id',
        querystring: AffiliatesQuery,
        response: { 200: AffiliatesPage },
      },
    },
    async (request) => listAffiliates(app.db, request.query),
  );

  app.get(
    '/master/affiliates/:id/sales-history',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags,
        summary: "An affiliate's monthly sales, newest first",
        params: UserIdParams,
        response: { 200: SalesHistory },
      },
    },
    async (request) => getSalesHistoryOf(app, request.params.id),
  );
};

export default affiliatesRoutes;
