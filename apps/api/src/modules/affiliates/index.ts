import type { AppModule } from '../module.ts';
import affiliatesRoutes from './affiliates.routes.ts';
import { affiliatesDemoSeed } from './affiliates.seed.ts';
import { rollUpSales } from './sales-rollup.ts';

/** Affiliates: an affiliate's own code and sales, and the admins' view of every affiliate's sales. */
export const affiliatesModule: AppModule = {
  name: 'affiliates',
  routes: [affiliatesRoutes],
  demoSeed: affiliatesDemoSeed,
  jobs: [
    {
      // Keeps the sales statistics' monthly tables (sales-rollup.ts): built on the first run, then
      // the ledger folded in every minute (a failed run is simply the next minute's). Readers are exact
      // whenever it runs; it keeps the ledger short.
      name: 'affiliates.roll-up-sales',
      cron: '* * * * *',
      handle: (app) => rollUpSales(app.db, app.config.timezone),
      options: { retryLimit: 0 },
    },
  ],
};

/** What other modules may use of this one (the only way in: .dependency-cruiser.cjs). */
export { rowsOf, saleMonth } from './affiliates.queries.ts';
export { getCommissionThisMonth } from './affiliates.service.ts';
export { rolledSalesByMonth, rolledTopEvents, salesRollupReady, type TopEventRow } from './sales-rollup.ts';
