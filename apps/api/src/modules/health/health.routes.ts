import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/** /api/health: the process is up. /api/ready: the database answers (load balancers use this). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness: the process answers',
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: the database answers (503 while it does not)',
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw new AppError('NOT_READY', 503, 'The database is not answering.');
      }
      return { status: 'ready' as const, database: app.database.kind };
    },
  );
};
export default healthRoutes;
