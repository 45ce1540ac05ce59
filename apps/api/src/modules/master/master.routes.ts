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
import type { RouteAccess } from '../../plugins/auth.ts';
import { getMasterStats } from './master-stats.service.ts';
import { changeUserRole, listUsers } from './master.service.ts';

const tags = ['master'];
/**
 * MASTER only, with the spec's wording for another role's 403 (the two-factor refusal keeps its
 * own); 401 without a session, as everywhere.
 */
const MASTER_ONLY: RouteAccess = { roles: ['MASTER'], forbiddenMessage: MASTER_MESSAGES.mustBeMaster };

/** The master's desk (MASTER only): users and their roles, and the platform statistics. */
const masterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/master/users',
    {
      config: { access: MASTER_ONLY },
      schema: {
        tags,
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
      config: { access: MASTER_ONLY, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
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
    {
      config: { access: MASTER_ONLY },
      schema: { tags, summary: 'Platform statistics', response: { 200: MasterStats } },
    },
    async () => getMasterStats(app),
  );
};

export default masterRoutes;
