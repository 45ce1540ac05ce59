import type { AppModule } from '../module.ts';
import affiliatesRoutes from './affiliates.routes.ts';
import { affiliatesDemoSeed } from './affiliates.seed.ts';

/** Affiliates: an affiliate's own code and sales, and the admins' view of every affiliate's sales. */
export const affiliatesModule: AppModule = {
  name: 'affiliates',
  routes: [affiliatesRoutes],
  demoSeed: affiliatesDemoSeed,
};
