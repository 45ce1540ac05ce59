import type { AppModule } from '../module.ts';
import { contentDemoSeed } from './content.seed.ts';
import rosterRoutes from './roster.routes.ts';
import teamRoutes from './team.routes.ts';
import top5Routes from './top5.routes.ts';
import uploadsRoutes from './uploads.routes.ts';

/** Community content: the weekly Top 5, the talent roster, the team page and the admins' image upload. */
export const contentModule: AppModule = {
  name: 'content',
  routes: [top5Routes, rosterRoutes, teamRoutes, uploadsRoutes],
  demoSeed: contentDemoSeed,
};
