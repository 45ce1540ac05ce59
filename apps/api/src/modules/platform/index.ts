import type { AppModule } from '../module.ts';
import platformRoutes from './platform.routes.ts';

/** Facts the web client shows before anyone signs in (footer, local-payments notice). */
export const platformModule: AppModule = { name: 'platform', routes: [platformRoutes] };
