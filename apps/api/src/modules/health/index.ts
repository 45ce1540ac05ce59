import type { AppModule } from '../module.ts';
import healthRoutes from './health.routes.ts';

/** Liveness and readiness. */
export const healthModule: AppModule = { name: 'health', routes: [healthRoutes] };
