import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@fourfour/shared/constants';

/** Facts the web client shows before anyone signs in (footer, local-payments notice). */
const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/public',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Public configuration the web client shows before sign-in',
        tags: ['platform'],
        response: {
          200: z.object({
            productName: z.string(),
            supportEmail: z.string(),
            paymentsProvider: z.enum(['stripe', 'local']),
            timezone: z.string(),
          }),
        },
      },
    },
    async () => ({
      productName: PRODUCT_NAME,
      supportEmail: app.config.supportEmail,
      paymentsProvider: app.config.payments.provider,
      timezone: app.config.timezone,
    }),
  );
};
export default platformRoutes;
