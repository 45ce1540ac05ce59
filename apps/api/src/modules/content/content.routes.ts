import type { FastifyPluginAsync } from 'fastify';
import rosterRoutes from './roster.routes.ts';
import teamRoutes from './team.routes.ts';
import top5Routes from './top5.routes.ts';
import uploadsRoutes from './uploads.routes.ts';

/** Community content: the weekly Top 5, the talent roster, the team page and the admins' image upload. */
const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(top5Routes);
  await app.register(rosterRoutes);
  await app.register(teamRoutes);
  await app.register(uploadsRoutes);
};
export default contentRoutes;
