import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import {
  PublicRosterEntryList,
  ROSTER_CATEGORIES,
  RosterEntry,
  RosterEntryInput,
  RosterEntryList,
} from '@fourfour/shared/content';
import { createRosterEntry, deleteRosterEntry, listPublicRoster, listRoster } from './roster.service.ts';

const CategoryQuery = z.object({ category: z.enum(ROSTER_CATEGORIES) });

const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/roster',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['content'],
        summary: 'Active DJs or creators (INFLUENCER), with the contact line to show under each bio',
        querystring: CategoryQuery,
        response: { 200: PublicRosterEntryList },
      },
    },
    async (request) => listPublicRoster(app.db, request.query.category),
  );

  app.get(
    '/admin/roster',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Every roster entry of a category, hidden ones too',
        querystring: CategoryQuery,
        response: { 200: RosterEntryList },
      },
    },
    async (request) => listRoster(app.db, { category: request.query.category, activeOnly: false }),
  );

  app.post(
    '/admin/roster',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Add a DJ or creator (sortOrder 1000 unless given)',
        body: RosterEntryInput,
        response: { 201: RosterEntry },
      },
    },
    async (request, reply) => reply.status(201).send(await createRosterEntry(app.db, request.body)),
  );

  app.delete(
    '/admin/roster/:id',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: {
        tags: ['content'],
        summary: 'Delete a roster entry (and its uploaded portrait)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteRosterEntry(app, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default rosterRoutes;
