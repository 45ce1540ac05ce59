import type { AppModule } from '../module.ts';
import doorRoutes from './door.routes.ts';
import scanRoutes from './scan.routes.ts';

/** Door scanning: admitting tickets by QR code or door code, online or offline (door packs, sync), and the live door. */
export const scanModule: AppModule = { name: 'scan', routes: [scanRoutes, doorRoutes] };
