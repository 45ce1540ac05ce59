import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { TeamMember, TeamMemberInput, TeamMemberList } from '@fourfour/shared/content';
import { createTeamMember, deleteTeamMember, listTeam } from './team.service.ts';

const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/team',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['content'], summary: 'Active team members', response: { 200: TeamMemberList } },
    },
    async () => listTeam(app.db, { activeOnly: true }),
  );

  app.get(
    '/admin/team',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Every team member, hidden ones too',
        response: { 200: TeamMemberList },
      },
    },
    async () => listTeam(app.db, { activeOnly: false }),
  );

  app.post(
    '/admin/team',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Add a team member (sortOrder 1000 unless given)',
        body: TeamMemberInput,
        response: { 201: TeamMember },
      },
    },
    async (request, reply) => reply.status(201).send(await createTeamMember(app.db, request.body)),
  );

  app.delete(
    '/admin/team/:id',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Delete a team member (and their uploaded image)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTeamMember(app, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default teamRoutes;
