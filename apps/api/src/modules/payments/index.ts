import type { AppModule } from '../module.ts';
import paymentRoutes from './payments.routes.ts';

/**
 * Payments: Stripe's webhook and the local provider's pages. Provider events become the domain
 * events `payment.*` (payments.service.ts), which the tickets and subscriptions modules react to.
 */
export const paymentsModule: AppModule = { name: 'payments', routes: [paymentRoutes] };
