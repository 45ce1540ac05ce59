import Stripe from 'stripe';
import {
  type CheckoutSession,
  type PaymentCheckoutInput,
  type PaymentGateway,
  type ProviderEvent,
  type ProviderSubscription,
  type Refund,
  type RefundInput,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: points the SDK at a stand-in (protocol, host, port). */
  apiUrl?: string;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    mode: s.mode === 'subscription' ? 'subscription' : 'payment',
    url: s.url ?? null,
    status: (s.status ?? 'open') as CheckoutSession['status'],
    paymentStatus: s.payment_status as CheckoutSession['paymentStatus'],
    clientReferenceId: s.client_reference_id ?? null,
    metadata: (s.metadata ?? {}) as Record<string, string>,
    amountTotalPence: s.amount_total ?? 0,
    currency: s.currency ?? 'gbp',
    paymentId: idOf(s.payment_intent as string | { id: string } | null),
    customerId: idOf(s.customer as string | { id: string } | null),
    subscriptionId: idOf(s.subscription as string | { id: string } | null),
    expiresAt: new Date(s.expires_at * 1000),
  };
}

/** A Stripe subscription as the gateway reports it; the period end is read from its item (current API). */
function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items?.data?.[0];
  const legacyPeriodEnd = (s as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = item?.current_period_end ?? legacyPeriodEnd ?? null;
  return {
    id: s.id,
    customerId: idOf(s.customer as string | { id: string }) ?? '',
    status: s.status,
    priceId: item?.price?.id ?? null,
    // Stripe's portal may schedule a cancellation as cancel_at (at the period end) instead of the flag.
    cancelAtPeriodEnd: !!s.cancel_at_period_end || (s.cancel_at != null && s.status !== 'canceled'),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    startedAt: new Date((s.start_date ?? s.created) * 1000),
    endedAt: s.ended_at ? new Date(s.ended_at * 1000) : null,
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}

/** Stripe through its official SDK: Checkout, refunds and signed webhooks. */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const target = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    provider: 'stripe',
    minimumSessionLifetimeSeconds: 30 * 60,

    async createCheckoutSession(input: PaymentCheckoutInput) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.clientReferenceId,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
          line_items: input.lineItems.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: input.currency,
              unit_amount: item.unitAmountPence,
              product_data: { name: item.name },
            },
          })),
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toSession(session);
    },

    async retrieveCheckoutSession(sessionId) {
      return toSession(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async expireCheckoutSession(sessionId) {
      try {
        return toSession(await stripe.checkout.sessions.expire(sessionId));
      } catch (err) {
        // Already complete or expired: answer the session as it is.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return toSession(await stripe.checkout.sessions.retrieve(sessionId));
        }
        throw err;
      }
    },

    async refund(input: RefundInput): Promise<Refund> {
      // A payment id is a PaymentIntent, or (an old invoice paid without one) a charge.
      const target = input.paymentId.startsWith('ch_')
        ? { charge: input.paymentId }
        : { payment_intent: input.paymentId };
      const refund = await stripe.refunds.create(
        { ...target, amount: input.amountPence, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: (refund.status ?? 'pending') as Refund['status'], amountPence: refund.amount };
    },

    async retrievePayment(paymentId) {
      const charge = paymentId.startsWith('ch_')
        ? await stripe.charges.retrieve(paymentId)
        : ((await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] })).latest_charge as
            | Stripe.Charge
            | string
            | null);
      // No charge yet: nothing was taken, so nothing was refunded.
      if (!charge || typeof charge === 'string')
        return { amountPence: 0, amountRefundedPence: 0, fullyRefunded: false };
      return {
        amountPence: charge.amount_captured || charge.amount,
        amountRefundedPence: charge.amount_refunded,
        fullyRefunded: charge.refunded,
      };
    },

    async findCheckoutPaymentId(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const direct = idOf(session.payment_intent as string | { id: string } | null);
      if (direct) return direct;
      const invoice = idOf(session.invoice as string | { id: string } | null);
      if (!invoice) return null;
      // Current API: an invoice's payments are listed separately (invoice.payment_intent is gone).
      const payments = await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 });
      const payment = payments.data[0]?.payment;
      return (
        idOf(payment?.payment_intent as string | { id: string } | undefined) ??
        idOf(payment?.charge as string | { id: string } | undefined)
      );
    },

    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return { id: event.id, type: event.type, objectId: String(object.id ?? ''), object };
    },

    async createSubscriptionCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: input.clientReferenceId,
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata },
          line_items: [{ price: input.priceId, quantity: 1 }],
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toSession(session);
    },

    async createPortalSession(input) {
      const afterCompletion = { type: 'redirect' as const, redirect: { return_url: input.returnUrl } };
      const flow =
        input.flow === 'update' && input.subscriptionId
          ? {
              type: 'subscription_update' as const,
              subscription_update: { subscription: input.subscriptionId },
              after_completion: afterCompletion,
            }
          : input.flow === 'cancel' && input.subscriptionId
            ? {
                type: 'subscription_cancel' as const,
                subscription_cancel: { subscription: input.subscriptionId },
                after_completion: afterCompletion,
              }
            : undefined;
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        ...(flow ? { flow_data: flow } : {}),
      });
      return { url: session.url };
    },

    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { email: input.email, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: customer.id };
    },

    async retrieveSubscription(subscriptionId) {
      return toSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async cancelSubscription(subscriptionId, { atPeriodEnd }) {
      if (atPeriodEnd) {
        return toSubscription(
          // Setting a flag is idempotent by itself (a cached key could undo a later resume).
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
        );
      }
      try {
        // No final invoice and no proration: nothing more is charged.
        return toSubscription(
          await stripe.subscriptions.cancel(
            subscriptionId,
            { invoice_now: false, prorate: false },
            { idempotencyKey: `cancel-now:${subscriptionId}` },
          ),
        );
      } catch (err) {
        // Already canceled: answer it as it is.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          const current = await stripe.subscriptions.retrieve(subscriptionId);
          if (current.status === 'canceled') return toSubscription(current);
        }
        throw err;
      }
    },
  };
}
