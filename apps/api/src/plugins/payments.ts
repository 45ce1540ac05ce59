import fp from 'fastify-plugin';
import type { PaymentGateway } from '../lib/payments/gateway.ts';
import { createLocalGateway, type LocalGateway } from '../lib/payments/local.ts';
import { createStripeGateway } from '../lib/payments/stripe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider (Stripe or local) behind one interface. */
    payments: PaymentGateway;
    /** The local provider when it is the configured one (its Pay/Cancel page), else null. */
    localPayments: LocalGateway | null;
  }
}

/** PAYMENTS_PROVIDER decides: Stripe through its SDK, or the built-in local provider. */
export default fp(
  async (app) => {
    const { payments } = app.config;
    if (payments.provider === 'stripe') {
      app.decorate(
        'payments',
        createStripeGateway({
          secretKey: payments.stripeSecretKey ?? '',
          webhookSecret: payments.stripeWebhookSecret ?? '',
          apiUrl: payments.stripeApiUrl,
        }),
      );
      app.decorate('localPayments', null);
      return;
    }
    const local = createLocalGateway(app.db);
    app.decorate('payments', local);
    app.decorate('localPayments', local);
  },
  { name: 'payments', dependencies: ['db', 'config'] },
);
