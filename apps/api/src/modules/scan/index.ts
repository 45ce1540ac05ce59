import type { AppModule } from '../module.ts';
import scanRoutes from './scan.routes.ts';

/** Door scanning: admitting tickets by QR code or door code. */
export const scanModule: AppModule = { name: 'scan', routes: [scanRoutes] };
