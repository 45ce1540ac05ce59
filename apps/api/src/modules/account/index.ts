import type { AppModule } from '../module.ts';
import accountRoutes from './account.routes.ts';
import { markSubscriptionEndsWithPeriod } from './account.service.ts';
import devicesRoutes from './devices.routes.ts';

/** The signed-in account: profile, password, two-factor sign-in, devices, deletion. */
export const accountModule: AppModule = {
  name: 'account',
  routes: [
    { plugin: accountRoutes, prefix: '/account' },
    { plugin: devicesRoutes, prefix: '/account' },
  ],
  reactions: [
    {
      event: 'account.deleted',
      name: 'account.subscription-cancel-at-period-end',
      handle: (_app, { userId, tx }) => markSubscriptionEndsWithPeriod(tx, userId),
    },
  ],
};
