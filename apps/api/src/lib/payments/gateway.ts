/**
 * The payment gateway: what the product needs from a card payment provider, with two
 * implementations, Stripe (stripe.ts) and the built-in local provider (local.ts), so every flow
 * runs the same code whichever is configured. Amounts are integer pence; URLs are absolute.
 */

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

/** A checkout session as the provider reports it now (always re-read, never trusted from a webhook body). */
export interface CheckoutSession {
  id: string;
  mode: 'payment' | 'subscription';
  /** The provider's hosted page (null once the session is over). */
  url: string | null;
  status: CheckoutSessionStatus;
  paymentStatus: CheckoutPaymentStatus;
  /** Our own id of the thing being paid for (a reservation id for tickets). */
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amountTotalPence: number;
  currency: string;
  /** The payment to refund (Stripe: the PaymentIntent id). */
  paymentId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  expiresAt: Date;
}

export interface CheckoutLineItem {
  name: string;
  unitAmountPence: number;
  quantity: number;
}

export interface PaymentCheckoutInput {
  /** Sent as the provider's idempotency key, e.g. `checkout:<reservation id>`. */
  idempotencyKey: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  lineItems: CheckoutLineItem[];
  currency: 'gbp';
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** For the memberships engineer: Checkout in subscription mode with a plan's price id. */
export interface SubscriptionCheckoutInput {
  idempotencyKey: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  priceId: string;
  /** One provider customer per user, reused (users.payment_customer_id). */
  customerId?: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
}

/** For the memberships engineer: the hosted portal (change plan, cancel, billing details). */
export interface PortalSessionInput {
  customerId: string;
  flow: 'update' | 'cancel' | 'billing';
  subscriptionId?: string;
  returnUrl: string;
}

/** A subscription as the provider reports it now (memberships re-read it on every event). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's status: active, trialing, past_due, unpaid, incomplete, incomplete_expired, paused, canceled. */
  status: string;
  /** The plan's price id (the first item's). */
  priceId: string | null;
  /** A cancellation is scheduled for the period end (Stripe: cancel_at_period_end, or a cancel_at). */
  cancelAtPeriodEnd: boolean;
  /** The end of the period already paid for (Stripe: the subscription item's current_period_end). */
  currentPeriodEnd: Date | null;
  startedAt: Date;
  endedAt: Date | null;
  metadata: Record<string, string>;
}

export interface CustomerInput {
  /** e.g. `customer:<user id>`: a retried call never makes a second customer. */
  idempotencyKey: string;
  email?: string;
  metadata: Record<string, string>;
}

export interface RefundInput {
  paymentId: string;
  /** Omitted = the full amount. */
  amountPence?: number;
  /** e.g. `refund:<order id>`: a retried refund never pays out twice. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface Refund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  amountPence: number;
}

/** A payment's refund state as the provider reports it now (re-read on every charge.refunded). */
export interface PaymentRefundState {
  /** What was taken. */
  amountPence: number;
  /** Refunded so far, by anyone (us or the provider's dashboard). */
  amountRefundedPence: number;
  fullyRefunded: boolean;
}

/** A provider event after its signature was verified: only its id, type and the object it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the event's object (a checkout session, subscription, invoice or charge id). */
  objectId: string;
  /** The object as sent; handlers re-read it from the provider before acting on it. */
  object: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentGateway {
  readonly provider: 'stripe' | 'local';
  /** The shortest lifetime the provider accepts for a checkout session (Stripe: 30 minutes). */
  readonly minimumSessionLifetimeSeconds: number;

  createCheckoutSession(input: PaymentCheckoutInput): Promise<CheckoutSession>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /** Ends an open session so it can no longer be paid (answers the session as it now is). */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  refund(input: RefundInput): Promise<Refund>;
  /** A payment's refund state now, whoever refunded it (a refund made in the provider's dashboard too). */
  retrievePayment(paymentId: string): Promise<PaymentRefundState>;
  /**
   * The payment a completed checkout took, to refund it: payment mode, the session's own; subscription
   * mode, the first invoice's (Stripe does not put it on the session). Null before it is paid.
   */
  findCheckoutPaymentId(sessionId: string): Promise<string | null>;
  /** Verifies a webhook's raw body and signature header; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;

  // Memberships: Checkout in subscription mode, the hosted portal, customers and subscriptions.
  createSubscriptionCheckoutSession(input: SubscriptionCheckoutInput): Promise<CheckoutSession>;
  createPortalSession(input: PortalSessionInput): Promise<{ url: string }>;
  createCustomer(input: CustomerInput): Promise<{ id: string }>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Cancels a subscription: at the period end (it runs until then), or now with no further
   * charges and no proration (UNDERAGE). Answers the subscription as it now is.
   */
  cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription>;
}

export class NotImplementedError extends Error {
  constructor(what: string) {
    super(`${what} is not implemented yet (memberships)`);
    this.name = 'NotImplementedError';
  }
}

/** Webhook signatures older than this are refused (DESIGN.md: 300 s tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
