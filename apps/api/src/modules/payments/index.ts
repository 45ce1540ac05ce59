import type { AppModule } from '../module.ts';
import paymentRoutes from './payments.routes.ts';

/**
 * Payments: Stripe's webhook and the local provider's pages. Provider events become the domain
 * events `payment.*` (payments.service.ts), which the tickets and subscriptions modules react to.
 */
export const paymentsModule: AppModule = { name: 'payments', routes: [paymentRoutes] };

/** What other modules may use of this one (the only way in: .dependency-cruiser.cjs). */
export { handleProviderEvent, type RecordedEvent, recordPaymentEvent } from './payments.service.ts';
