import type { AppModule } from '../module.ts';
import masterRoutes from './master.routes.ts';

/** The master's desk (MASTER only): users and their roles, and the platform statistics. */
export const masterModule: AppModule = { name: 'master', routes: [masterRoutes] };
