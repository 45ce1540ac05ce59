import type { AppModule } from '../module.ts';
import submissionsRoutes from './submissions.routes.ts';

/** Song submissions to the A&R team, and the admins' inbox. */
export const submissionsModule: AppModule = { name: 'submissions', routes: [submissionsRoutes] };
