import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { localCheckoutSessions, localRefunds } from '../../db/schema/index.ts';
import {
  type CheckoutSession,
  type PaymentCheckoutInput,
  type PaymentGateway,
  type Refund,
  WebhookSignatureError,
} from './gateway.ts';
import { createLocalSubscriptions, type LocalSubscriptions } from './local-subscriptions.ts';

/**
 * The built-in provider: checkout sessions live in our own database and are "paid" on a page that
 * says no money moves (/local-pay/checkout/<id>). Its Pay and Cancel buttons complete or expire the
 * session here, then run the same handler as Stripe's webhook events.
 */
export interface LocalGateway extends PaymentGateway {
  readonly provider: 'local';
  /** Pay: the session becomes complete and paid (once; later calls answer it as it is). */
  completeCheckoutSession(sessionId: string): Promise<CheckoutSession | null>;
  findCheckoutSession(sessionId: string): Promise<typeof localCheckoutSessions.$inferSelect | null>;
  /** Memberships: the local subscriptions behind the portal page. */
  readonly subscriptions: LocalSubscriptions;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

type Row = typeof localCheckoutSessions.$inferSelect;

function toSession(row: Row): CheckoutSession {
  // An open session past its expiry is expired, as on Stripe.
  const status = row.status === 'open' && row.expiresAt.getTime() <= Date.now() ? 'expired' : row.status;
  return {
    id: row.id,
    mode: row.mode === 'subscription' ? 'subscription' : 'payment',
    url: status === 'open' ? `/local-pay/checkout/${row.id}` : null,
    status: status as CheckoutSession['status'],
    paymentStatus: row.paymentStatus as CheckoutSession['paymentStatus'],
    clientReferenceId: row.clientReferenceId,
    metadata: row.metadata,
    amountTotalPence: row.amountTotalPence,
    currency: row.currency,
    paymentId: row.paymentId,
    customerId: row.customerId ?? null,
    subscriptionId: row.subscriptionId ?? null,
    expiresAt: row.expiresAt,
  };
}

export function createLocalGateway(db: Db): LocalGateway {
  const subscriptions = createLocalSubscriptions(db);
  async function find(sessionId: string): Promise<Row | null> {
    const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    return row ?? null;
  }

  async function mustFind(sessionId: string): Promise<Row> {
    const row = await find(sessionId);
    if (!row) throw new Error(`No such checkout session: ${sessionId}`);
    return row;
  }

  return {
    provider: 'local',
    minimumSessionLifetimeSeconds: 0,

    async createCheckoutSession(input: PaymentCheckoutInput) {
      const amount = input.lineItems.reduce((sum, i) => sum + i.unitAmountPence * i.quantity, 0);
      await db
        .insert(localCheckoutSessions)
        .values({
          id: newId('lcs'),
          idempotencyKey: input.idempotencyKey,
          clientReferenceId: input.clientReferenceId,
          metadata: input.metadata,
          lineItems: input.lineItems,
          amountTotalPence: amount,
          currency: input.currency,
          paymentStatus: amount === 0 ? 'no_payment_required' : 'unpaid',
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing({ target: localCheckoutSessions.idempotencyKey });
      const [row] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('local checkout session was not stored');
      return toSession(row);
    },

    async retrieveCheckoutSession(sessionId) {
      return toSession(await mustFind(sessionId));
    },

    async expireCheckoutSession(sessionId) {
      await db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')));
      return toSession(await mustFind(sessionId));
    },

    async completeCheckoutSession(sessionId) {
      await db
        .update(localCheckoutSessions)
        .set({
          status: 'complete',
          paymentStatus: sql`CASE WHEN ${localCheckoutSessions.amountTotalPence} = 0 THEN 'no_payment_required' ELSE 'paid' END`,
          paymentId: newId('lpi'),
          completedAt: new Date(),
        })
        .where(
          and(
            eq(localCheckoutSessions.id, sessionId),
            eq(localCheckoutSessions.status, 'open'),
            sql`${localCheckoutSessions.expiresAt} > now()`,
          ),
        );
      let row = await find(sessionId);
      // Subscription mode: paying starts the subscription, as on Stripe.
      if (row?.mode === 'subscription' && row.status === 'complete' && !row.subscriptionId) {
        await subscriptions.startSubscriptionForSession(db, row);
        row = await find(sessionId);
      }
      return row ? toSession(row) : null;
    },

    findCheckoutSession: find,

    async refund(input): Promise<Refund> {
      const [session] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.paymentId, input.paymentId));
      if (!session) throw new Error(`No such payment: ${input.paymentId}`);
      const amount = input.amountPence ?? session.amountTotalPence;
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ refundedPence: localCheckoutSessions.refundedPence })
          .from(localCheckoutSessions)
          .where(eq(localCheckoutSessions.id, session.id))
          .for('update');
        const [repeated] = await tx
          .select()
          .from(localRefunds)
          .where(eq(localRefunds.idempotencyKey, input.idempotencyKey));
        if (repeated) return { id: repeated.id, status: 'succeeded' as const, amountPence: repeated.amountPence };
        // As Stripe: never more back than was taken (partial refunds add up).
        if (amount <= 0 || locked!.refundedPence + amount > session.amountTotalPence) {
          throw new Error(`Payment ${input.paymentId} has already been refunded.`);
        }
        const [created] = await tx
          .insert(localRefunds)
          .values({
            id: newId('lre'),
            idempotencyKey: input.idempotencyKey,
            paymentId: input.paymentId,
            amountPence: amount,
          })
          .onConflictDoNothing({ target: localRefunds.idempotencyKey })
          .returning();
        if (created) {
          await tx
            .update(localCheckoutSessions)
            .set({ refundedPence: sql`${localCheckoutSessions.refundedPence} + ${amount}` })
            .where(eq(localCheckoutSessions.id, session.id));
          return { id: created.id, status: 'succeeded' as const, amountPence: amount };
        }
        const [existing] = await tx
          .select()
          .from(localRefunds)
          .where(eq(localRefunds.idempotencyKey, input.idempotencyKey));
        return { id: existing!.id, status: 'succeeded' as const, amountPence: existing!.amountPence };
      });
    },

    async retrievePayment(paymentId) {
      const [session] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.paymentId, paymentId));
      if (!session) throw new Error(`No such payment: ${paymentId}`);
      return {
        amountPence: session.amountTotalPence,
        amountRefundedPence: session.refundedPence,
        fullyRefunded: session.amountTotalPence > 0 && session.refundedPence >= session.amountTotalPence,
      };
    },

    async findCheckoutPaymentId(sessionId) {
      return (await mustFind(sessionId)).paymentId;
    },

    verifyWebhook() {
      throw new WebhookSignatureError('the local provider sends no webhooks');
    },

    subscriptions,
    async createSubscriptionCheckoutSession(input) {
      return toSession(await mustFind(await subscriptions.createSubscriptionCheckoutSession(input)));
    },
    createPortalSession: (input) => subscriptions.createPortalSession(input),
    createCustomer: (input) => subscriptions.createCustomer(input),
    retrieveSubscription: (id) => subscriptions.retrieveSubscription(id),
    cancelSubscription: (id, options) => subscriptions.cancelSubscription(id, options),
  };
}
