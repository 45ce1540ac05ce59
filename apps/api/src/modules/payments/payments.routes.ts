import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { LOCAL_CHECKOUT_EXPIRED, LocalCheckoutView, TICKET_MESSAGES, UrlResponse } from '@fourfour/shared/tickets';
import { penceToPounds } from '@fourfour/shared/money';
import { events, reservations } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { WebhookSignatureError } from '../../lib/payments/gateway.ts';
import { handleProviderEvent } from './payments.service.ts';

/** Stripe's webhook keeps the raw body: its signature is over the exact bytes. */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  // Public: the signature over the raw body is the credential.
  const webhook = { config: { access: 'public' }, schema: { hide: true } } as const;
  app.post('/payments/stripe/webhook', webhook, async (request, reply) => {
    if (app.payments.provider !== 'stripe') throw notFound();
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    let event: ReturnType<typeof app.payments.verifyWebhook>;
    try {
      event = app.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ reason: err.message }, 'Stripe webhook refused: bad signature');
        throw new AppError('BAD_SIGNATURE', 400, 'Webhook signature verification failed.');
      }
      throw err;
    }
    // Any failure below answers 500, so Stripe delivers the event again later.
    const result = await handleProviderEvent(app, event);
    request.log.info({ eventId: event.id, type: event.type, result }, 'Stripe webhook handled');
    return reply.send({ received: true });
  });
};

/**
 * The local provider's hosted page: it reads the session, and its Pay and Cancel buttons do what
 * Stripe's checkout.session.completed and checkout.session.expired webhooks do, through the same
 * handler. Only the buyer who started the checkout can see or act on it.
 */
const localPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const Params = z.object({ sessionId: z.string().min(1).max(100) });

  async function ownSession(sessionId: string, userId: number) {
    const local = app.localPayments;
    if (!local) throw notFound();
    const row = await local.findCheckoutSession(sessionId);
    if (!row || row.metadata.userId !== String(userId)) throw notFound(TICKET_MESSAGES.checkoutSessionNotFound);
    return { local, row };
  }
  const successUrlOf = (url: string, id: string) => url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id));
  const modeOf = (row: { mode: string }): 'payment' | 'subscription' =>
    row.mode === 'subscription' ? 'subscription' : 'payment';

  /** The page's heading: the plan's name, or the title of the event the reservation is for. */
  async function displayNameOf(row: { mode: string; metadata: Record<string, string> }): Promise<string> {
    if (row.mode === 'subscription') return row.metadata.tier ? `FourFour ${row.metadata.tier} plan` : 'FourFour plan';
    const reservationId = row.metadata.reservationId;
    if (!reservationId) return 'Tickets';
    const [found] = await app.db
      .select({ title: events.title })
      .from(reservations)
      .innerJoin(events, eq(events.id, reservations.eventId))
      .where(eq(reservations.id, reservationId));
    return found ? `Tickets for ${found.title}` : 'Tickets';
  }

  app.get(
    '/payments/local/checkout/:sessionId',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The local provider's checkout page: one of the caller's checkout sessions",
        tags: ['payments'],
        params: Params,
        response: { 200: LocalCheckoutView },
      },
    },
    async (request) => {
      const { local, row } = await ownSession(request.params.sessionId, request.user!.id);
      const session = await local.retrieveCheckoutSession(row.id);
      return {
        id: row.id,
        mode: modeOf(row),
        displayName: await displayNameOf(row),
        status: session.status,
        paymentStatus: session.paymentStatus,
        amountTotal: penceToPounds(row.amountTotalPence),
        currency: row.currency,
        lineItems: row.lineItems.map((i) => ({
          name: i.name,
          unitAmount: penceToPounds(i.unitAmountPence),
          quantity: i.quantity,
        })),
        expiresAt: row.expiresAt.toISOString(),
        successUrl: successUrlOf(row.successUrl, row.id),
        cancelUrl: row.cancelUrl,
      };
    },
  );

  app.post(
    '/payments/local/checkout/:sessionId/complete',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "Pay a local checkout session (as the provider's completed event)",
        tags: ['payments'],
        params: Params,
        response: { 200: UrlResponse },
      },
    },
    async (request) => {
      const { local, row } = await ownSession(request.params.sessionId, request.user!.id);
      const session = await local.completeCheckoutSession(row.id);
      if (session?.status !== 'complete') {
        throw conflict(LOCAL_CHECKOUT_EXPIRED[modeOf(row)], 'CHECKOUT_EXPIRED');
      }
      await handleProviderEvent(app, {
        id: `local_evt_${row.id}_completed`,
        type: 'checkout.session.completed',
        objectId: row.id,
        object: {},
      });
      return { url: successUrlOf(row.successUrl, row.id) };
    },
  );

  app.post(
    '/payments/local/checkout/:sessionId/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "Cancel a local checkout session (as the provider's expired event)",
        tags: ['payments'],
        params: Params,
        response: { 200: UrlResponse },
      },
    },
    async (request) => {
      const { local, row } = await ownSession(request.params.sessionId, request.user!.id);
      const session = await local.expireCheckoutSession(row.id);
      if (session.status === 'expired') {
        await handleProviderEvent(app, {
          id: `local_evt_${row.id}_expired`,
          type: 'checkout.session.expired',
          objectId: row.id,
          object: {},
        });
      }
      return { url: session.status === 'complete' ? successUrlOf(row.successUrl, row.id) : row.cancelUrl };
    },
  );
};

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(stripeWebhookRoutes);
  await app.register(localPaymentRoutes);
};
export default paymentRoutes;
