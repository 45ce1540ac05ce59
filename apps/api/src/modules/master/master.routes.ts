import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParams } from '@fourfour/shared/affiliates';
import {
  ChangeRoleBody,
  MASTER_MESSAGES,
  MasterStats,
  MasterUserRow,
  MasterUsersPage,
  MasterUsersQuery,
} from '@fourfour/shared/master';
import { forbidden } from '../../lib/errors.ts';
import { wrapsGuard } from '../../plugins/auth.ts';
import { getMasterStats } from './master-stats.service.ts';
import { changeUserRole, listUsers } from './master.service.ts';

const tags = ['master'];
const security = [{ bearerAuth: [] }];

/** The master's desk (MASTER only): users and their roles, and the platform statistics. */
const masterRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireMaster = app.requireRole('MASTER');
  // The spec's wording for a 403 here; 401 (no session) stays the auth plugin's. Checked on
  // request, before the body is validated, so a caller without the role learns nothing from a 400.
  const master = wrapsGuard(requireMaster, async (...args: Parameters<typeof requireMaster>) => {
    try {
      await requireMaster.apply(app, args);
    } catch (err) {
      // Only the wrong-role refusal: MFA_REQUIRED (two-factor not on yet) keeps its own words.
      if ((err as { code?: string }).code === 'FORBIDDEN') throw forbidden(MASTER_MESSAGES.mustBeMaster);
      throw err;
    }
  });

  app.get(
    '/master/users',
    {
      onRequest: master,
      schema: {
        tags,
        security,
        summary: "Users, paged (page from 0; size 10, 20, 50 or 100), sorted by 'field,ASC|DESC', email search",
        querystring: MasterUsersQuery,
        response: { 200: MasterUsersPage },
      },
    },
    async (request) => listUsers(app, request.query),
  );

  app.patch(
    '/master/users/:id/role',
    {
      onRequest: master,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: "Change a user's role (USER, EVENT_WORKER, ADMIN, AFFILIATE); not a MASTER's, not one's own",
        params: UserIdParams,
        body: ChangeRoleBody,
        response: { 200: MasterUserRow },
      },
    },
    async (request) => changeUserRole(app, request.user!, request.params.id, request.body.role),
  );

  app.get(
    '/master/stats',
    { onRequest: master, schema: { tags, security, summary: 'Platform statistics', response: { 200: MasterStats } } },
    async () => getMasterStats(app),
  );
};

export default masterRoutes;
