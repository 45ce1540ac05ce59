import type { AppModule } from '../module.ts';
import affiliatesRoutes from './affiliates.routes.ts';
import { affiliatesDemoSeed } from './affiliates.seed.ts';

/** Affiliates: an affiliate's own code and sales, and the admins' view of every affiliate's sales. */
export const affiliatesModule: AppModule = {
  name: 'affiliates',
  routes: [affiliatesRoutes],
  demoSeed: affiliatesDemoSeed,
};

/** What other modules may use of this one (the only way in: .dependency-cruiser.cjs). */
export { rowsOf, saleMonth } from './affiliates.queries.ts';
export { getCommissionThisMonth } from './affiliates.service.ts';
