import type { AppModule } from '../module.ts';
import masterRoutes from './master.routes.ts';
import { rollUpUserCounts } from './user-counts.ts';

/** The master's desk (MASTER only): users and their roles, and the platform statistics. */
export const masterModule: AppModule = {
  name: 'master',
  routes: [masterRoutes],
  jobs: [
    {
      // Keeps the accounts-per-role counts of the statistics (user-counts.ts): built on the first run,
      // then folded every minute (a failed run is simply the next minute's).
      name: 'master.count-users',
      cron: '* * * * *',
      handle: (app) => rollUpUserCounts(app.db),
      options: { retryLimit: 0 },
    },
  ],
};
