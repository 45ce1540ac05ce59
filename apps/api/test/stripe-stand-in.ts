import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for the parts of Stripe's API the product uses (checkout sessions:
 * create, retrieve, expire; refunds: create), so tests run the real `stripe` SDK over HTTP via
 * STRIPE_API_URL. State is kept in memory; tests mark sessions paid, make calls fail, and read
 * what was asked. Idempotency keys behave as on Stripe: the same key answers the same object.
 */

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  customer: string | null;
  subscription: string | null;
  /** Subscription mode: the first invoice, paid by a PaymentIntent listed in its invoice payments. */
  invoice: string | null;
  customer_email: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  success_url: string;
  cancel_url: string;
  line_items: { name: string; unit_amount: number; quantity: number }[];
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

/** A payment and its one charge: what `charge.refunded` is about and what refunds change. */
export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  invoice: string | null;
}

/** Memberships: a subscription as Stripe's current API shapes it (the period is on the item). */
export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

type Nested = { [key: string]: Nested | string | Nested[] | string[] };

/** Stripe's form encoding: `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }. */
function parseForm(body: string): Nested {
  const root: Nested = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const segments = rawKey.split(/\[|\]\[|\]/).filter((s) => s !== '');
    let node: Record<string, unknown> = root;
    segments.forEach((seg, i) => {
      const last = i === segments.length - 1;
      if (last) {
        node[seg] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[i + 1] ?? '');
      node[seg] ??= nextIsIndex ? [] : {};
      node = node[seg] as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** The webhook signing secret the tests sign with and give the app. */
export const STANDIN_WEBHOOK_SECRET = 'whsec_test_standin_secret';

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly refunds = new Map<string, StandInRefund>();
  /** Charges by their PaymentIntent id (one succeeded charge per payment). */
  readonly charges = new Map<string, StandInCharge>();
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  // Memberships: customers, subscriptions and billing portal sessions.
  readonly customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }
  >();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly portalSessions: { id: string; customer: string; return_url: string; flow: Nested | null; url: string }[] =
    [];
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Calls to fail with 500 next (the SDK retries them), by "METHOD path-prefix". */
  private readonly failures: { match: string; remaining: number }[] = [];
  private server: Server | null = null;
  url = '';

  /** The settings that point the app's real Stripe SDK at this stand-in (after start()). */
  get appEnv() {
    return {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
      STRIPE_API_URL: this.url,
    };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The buyer paid on Stripe's page. */
  markPaid(sessionId: string): StandInSession {
    const s = this.mustGet(sessionId);
    s.status = 'complete';
    s.payment_status = s.amount_total === 0 ? 'no_payment_required' : 'paid';
    s.payment_intent = this.takePayment(s.amount_total, null);
    s.url = null;
    return s;
  }

  /** A PaymentIntent with its succeeded charge; answers the PaymentIntent id. */
  private takePayment(amount: number, invoice: string | null): string {
    const pi = newId('pi');
    this.charges.set(pi, {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: pi,
      invoice,
    });
    return pi;
  }

  /**
   * Someone refunded in Stripe's dashboard (the whole rest, or `amount`): answers the charge as the
   * `charge.refunded` event carries it.
   */
  refundFromDashboard(paymentIntent: string, amount?: number): StandInCharge {
    const charge = this.charges.get(paymentIntent);
    if (!charge) throw new Error(`stand-in: no payment ${paymentIntent}`);
    const [status, refund] = this.createRefund(paymentIntent, amount, { source: 'dashboard' });
    if (status !== 200) throw new Error(`stand-in: ${JSON.stringify(refund)}`);
    return structuredClone(charge);
  }

  private createRefund(pi: string, requested: number | undefined, metadata: Record<string, string>): [number, unknown] {
    const charge = this.charges.get(pi);
    if (!charge) return [400, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${pi}'` } }];
    const amount = requested ?? charge.amount - charge.amount_refunded;
    if (amount <= 0 || charge.amount_refunded + amount > charge.amount) {
      return [
        400,
        { error: { type: 'invalid_request_error', message: `Charge ${charge.id} has already been refunded.` } },
      ];
    }
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      payment_intent: pi,
      status: 'succeeded',
      metadata,
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    return [200, refund];
  }

  /** Stripe expired the session (its expires_at passed). */
  markExpired(sessionId: string): StandInSession {
    const s = this.mustGet(sessionId);
    s.status = 'expired';
    s.url = null;
    return s;
  }

  /** The next `times` calls whose "METHOD /path" starts with `match` answer 500. */
  failNext(match: string, times: number): void {
    this.failures.push({ match, remaining: times });
  }

  /** The customer paid a subscription-mode session: Stripe starts the subscription (active, one month). */
  completeSubscriptionCheckout(
    sessionId: string,
    amount = 2999,
  ): { session: StandInSession; subscription: StandInSubscription } {
    const s = this.mustGet(sessionId);
    const now = Math.floor(Date.now() / 1000);
    const subscription: StandInSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: s.customer ?? newId('cus'),
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      metadata: { ...s.metadata },
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: s.line_items[0]?.name ?? '', object: 'price' },
            quantity: 1,
            current_period_start: now,
            current_period_end: now + 30 * 24 * 3600,
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    s.status = 'complete';
    s.payment_status = 'paid';
    s.subscription = subscription.id;
    s.customer = subscription.customer;
    s.amount_total = amount;
    s.invoice = newId('in');
    this.takePayment(amount, s.invoice);
    s.url = null;
    return { session: s, subscription };
  }

  /** What the customer did in Stripe's portal (or what Stripe did at a renewal): change the subscription. */
  updateSubscription(
    id: string,
    change: { status?: string; cancelAtPeriodEnd?: boolean; priceId?: string; periodEnd?: number },
  ) {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`stand-in: no subscription ${id}`);
    if (change.status !== undefined) sub.status = change.status;
    if (change.status === 'canceled') {
      sub.ended_at = Math.floor(Date.now() / 1000);
      sub.canceled_at = sub.ended_at;
    }
    if (change.cancelAtPeriodEnd !== undefined) sub.cancel_at_period_end = change.cancelAtPeriodEnd;
    const item = sub.items.data[0]!;
    if (change.priceId !== undefined) item.price.id = change.priceId;
    if (change.periodEnd !== undefined) item.current_period_end = change.periodEnd;
    return sub;
  }

  sessionFor(reservationId: string): StandInSession | undefined {
    return [...this.sessions.values()].find((s) => s.client_reference_id === reservationId);
  }

  private mustGet(id: string): StandInSession {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`stand-in: no session ${id}`);
    return s;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const [path = '', query = ''] = (req.url ?? '').split('?');
    // GET parameters (expand, list filters) travel in the query string.
    const body = parseForm(req.method === 'GET' ? query : Buffer.concat(chunks).toString('utf8'));
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path, idempotencyKey });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== 'Bearer sk_test_standin') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const failure = this.failures.find((f) => f.remaining > 0 && `${method} ${path}`.startsWith(f.match));
    if (failure) {
      failure.remaining--;
      return send(500, { error: { type: 'api_error', message: 'stand-in: injected failure' } });
    }
    const cacheKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : null;
    if (cacheKey && this.idempotent.has(cacheKey)) {
      const cached = this.idempotent.get(cacheKey)!;
      return send(cached.status, cached.body);
    }
    const [status, payload] = this.route(method, path, body);
    if (cacheKey && status < 500) this.idempotent.set(cacheKey, { status, body: payload });
    return send(status, payload);
  }

  private route(method: string, path: string, body: Nested): [number, unknown] {
    const invalid = (message: string): [number, unknown] => [
      400,
      { error: { type: 'invalid_request_error', message } },
    ];
    const missing = (): [number, unknown] => [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${path}` } },
    ];

    const billing = this.routeBilling(method, path, body);
    if (billing) return billing;

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = Number(body.expires_at ?? now + 24 * 3600);
      // Stripe's own rule: a session lives between 30 minutes and 24 hours.
      if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
        return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
      }
      const items = ((body.line_items as Nested[] | undefined) ?? []).map((li) => {
        const pd = li.price_data as Nested;
        return {
          name: String((pd.product_data as Nested).name),
          unit_amount: Number(pd.unit_amount),
          quantity: Number(li.quantity),
        };
      });
      if (items.length === 0) return invalid('line_items is required in payment mode.');
      const id = newId('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: String(body.mode ?? 'payment'),
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        amount_total: items.reduce((s, i) => s + i.unit_amount * i.quantity, 0),
        currency: String(((body.line_items as Nested[])[0]?.price_data as Nested | undefined)?.currency ?? 'gbp'),
        payment_intent: null,
        customer: null,
        subscription: null,
        invoice: null,
        customer_email: (body.customer_email as string) ?? null,
        expires_at: expiresAt,
        created: now,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        line_items: items,
      };
      this.sessions.set(id, session);
      return [200, session];
    }

    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return missing();
      if (method === 'GET' && !sessionMatch[2]) return [200, session];
      if (method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') return invalid(`Only Checkout Sessions with a status of open can be expired.`);
        session.status = 'expired';
        session.url = null;
        return [200, session];
      }
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const pi =
        String(body.payment_intent ?? '') ||
        ([...this.charges.values()].find((c) => c.id === body.charge)?.payment_intent ?? '');
      return this.createRefund(
        pi,
        body.amount ? Number(body.amount) : undefined,
        (body.metadata as Record<string, string>) ?? {},
      );
    }

    const piMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && piMatch) {
      const charge = this.charges.get(decodeURIComponent(piMatch[1]!));
      if (!charge) return missing();
      const raw = body.expand as Nested | string | undefined;
      const expand = typeof raw === 'string' ? [raw] : Object.values(raw ?? {});
      return [
        200,
        {
          id: charge.payment_intent,
          object: 'payment_intent',
          amount: charge.amount,
          amount_received: charge.amount_captured,
          status: 'succeeded',
          latest_charge: expand.includes('latest_charge') ? charge : charge.id,
        },
      ];
    }

    if (method === 'GET' && path === '/v1/invoice_payments') {
      const paid = [...this.charges.values()].filter((c) => c.invoice && c.invoice === body.invoice);
      return [
        200,
        {
          object: 'list',
          url: '/v1/invoice_payments',
          has_more: false,
          data: paid.map((c) => ({
            id: newId('inpay'),
            object: 'invoice_payment',
            invoice: c.invoice,
            status: 'paid',
            amount_paid: c.amount,
            payment: { type: 'payment_intent', payment_intent: c.payment_intent },
          })),
        },
      ];
    }
    return missing();
  }

  /** Memberships: customers, subscription-mode checkout, subscriptions and the billing portal. */
  private routeBilling(method: string, path: string, body: Nested): [number, unknown] | null {
    const now = Math.floor(Date.now() / 1000);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer' as const,
        email: (body.email as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions' && body.mode === 'subscription') {
      const price = ((body.line_items as Nested[] | undefined)?.[0]?.price as string | undefined) ?? '';
      if (!price)
        return [400, { error: { type: 'invalid_request_error', message: 'line_items[0][price] is required.' } }];
      const customer = (body.customer as string) ?? null;
      if (customer && !this.customers.has(customer)) {
        return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } }];
      }
      const id = newId('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        amount_total: 0,
        currency: 'gbp',
        payment_intent: null,
        customer,
        subscription: null,
        invoice: null,
        customer_email: (body.customer_email as string) ?? null,
        expires_at: now + 24 * 3600,
        created: now,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        // The price id stands in the line's name (the stand-in keeps no price catalogue).
        line_items: [{ name: price, unit_amount: 0, quantity: 1 }],
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subMatch) {
      const sub = this.subscriptions.get(decodeURIComponent(subMatch[1]!));
      if (!sub) {
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: ${path}`,
            },
          },
        ];
      }
      if (method === 'GET') return [200, sub];
      if (method === 'DELETE') {
        if (sub.status === 'canceled') {
          return [
            400,
            { error: { type: 'invalid_request_error', message: 'This subscription has already been canceled.' } },
          ];
        }
        return [200, this.updateSubscription(sub.id, { status: 'canceled' })];
      }
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return [200, sub];
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(body.customer ?? '');
      if (!this.customers.has(customer)) {
        return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } }];
      }
      const id = newId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: String(body.return_url),
        flow: (body.flow_data as Nested) ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
      };
      this.portalSessions.push(portal);
      return [200, portal];
    }
    return null;
  }
}
