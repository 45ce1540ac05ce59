import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { PAID_TIERS, type PaidTier } from '@fourfour/shared/enums';
import { planPricePence } from '@fourfour/shared/memberships';
import type { Db, DbOrTx } from '../../db/client.ts';
import { localCheckoutSessions, localCustomers, localSubscriptions } from '../../db/schema/index.ts';
import type { CustomerInput, PortalSessionInput, ProviderSubscription, SubscriptionCheckoutInput } from './gateway.ts';

/**
 * The local provider's customers and subscriptions (memberships). They behave like Stripe's: a
 * paid subscription-mode checkout starts a monthly subscription; the portal page changes its plan,
 * schedules or lifts a cancellation, simulates a renewal or a failed payment. Time is applied when
 * the subscription is read: a lapsed period renews, or ends when a cancellation was scheduled.
 */

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The local provider's price ids, one per plan. */
export const localPriceId = (tier: PaidTier) => `local_price_${tier}`;
export function tierOfLocalPrice(priceId: string | null | undefined): PaidTier | null {
  return PAID_TIERS.find((t) => localPriceId(t) === priceId) ?? null;
}

type SubRow = typeof localSubscriptions.$inferSelect;

/** One calendar month later (the 31st becomes the last day of a shorter month). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function toProviderSubscription(row: SubRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceId: row.priceId,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd && row.status !== 'canceled',
    currentPeriodEnd: row.currentPeriodEnd,
    startedAt: row.createdAt,
    endedAt: row.endedAt,
    metadata: row.metadata,
  };
}

export type LocalPortalChange =
  | { action: 'change-plan'; tier: PaidTier }
  | { action: 'cancel' }
  | { action: 'resume' }
  | { action: 'renew' }
  | { action: 'fail-payment' };

export interface LocalSubscriptions {
  createCustomer(input: CustomerInput): Promise<{ id: string }>;
  createSubscriptionCheckoutSession(input: SubscriptionCheckoutInput): Promise<string>;
  createPortalSession(input: PortalSessionInput): Promise<{ url: string }>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription>;
  /** Called when a subscription-mode session is paid: starts its subscription (once). */
  startSubscriptionForSession(tx: DbOrTx, session: typeof localCheckoutSessions.$inferSelect): Promise<void>;
  /** The customer's latest subscription (the portal shows it). */
  latestForCustomer(customerId: string): Promise<ProviderSubscription | null>;
  /**
   * A portal action. Answers the provider event it stands for (the same types Stripe sends), or
   * null when it changed nothing.
   */
  applyPortalChange(
    subscriptionId: string,
    change: LocalPortalChange,
  ): Promise<{ type: string; subscription: ProviderSubscription } | null>;
}

export function createLocalSubscriptions(db: Db): LocalSubscriptions {
  async function find(id: string): Promise<SubRow | null> {
    const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
    return row ?? null;
  }

  /** Applies the time that passed: a lapsed period renews, or ends when a cancellation was scheduled. */
  async function catchUp(row: SubRow): Promise<SubRow> {
    const now = Date.now();
    if (row.currentPeriodEnd.getTime() > now || row.status === 'canceled') return row;
    if (row.cancelAtPeriodEnd) {
      const [ended] = await db
        .update(localSubscriptions)
        .set({ status: 'canceled', endedAt: row.currentPeriodEnd })
        .where(and(eq(localSubscriptions.id, row.id), isNull(localSubscriptions.endedAt)))
        .returning();
      return ended ?? ((await find(row.id)) as SubRow);
    }
    if (row.status !== 'active' && row.status !== 'trialing') return row;
    let start = row.currentPeriodStart;
    let end = row.currentPeriodEnd;
    while (end.getTime() <= now) {
      start = end;
      end = addMonth(end);
    }
    const [renewed] = await db
      .update(localSubscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where(eq(localSubscriptions.id, row.id))
      .returning();
    return renewed ?? row;
  }

  async function mustFind(id: string): Promise<SubRow> {
    const row = await find(id);
    if (!row) throw new Error(`No such subscription: ${id}`);
    return catchUp(row);
  }

  async function update(id: string, values: Partial<typeof localSubscriptions.$inferInsert>) {
    const [row] = await db.update(localSubscriptions).set(values).where(eq(localSubscriptions.id, id)).returning();
    return row as SubRow;
  }

  return {
    async createCustomer(input) {
      await db
        .insert(localCustomers)
        .values({
          id: newId('lcus'),
          idempotencyKey: input.idempotencyKey,
          email: input.email,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: localCustomers.idempotencyKey });
      const [row] = await db
        .select({ id: localCustomers.id })
        .from(localCustomers)
        .where(eq(localCustomers.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('local customer was not stored');
      return row;
    },

    async createSubscriptionCheckoutSession(input) {
      const tier = tierOfLocalPrice(input.priceId);
      if (!tier) throw new Error(`No such price: ${input.priceId}`);
      await db
        .insert(localCheckoutSessions)
        .values({
          id: newId('lcs'),
          idempotencyKey: input.idempotencyKey,
          mode: 'subscription',
          clientReferenceId: input.clientReferenceId,
          metadata: { ...input.metadata, priceId: input.priceId },
          lineItems: [{ name: `FourFour ${tier} plan (monthly)`, unitAmountPence: planPricePence(tier), quantity: 1 }],
          amountTotalPence: planPricePence(tier),
          currency: 'gbp',
          customerId: input.customerId ?? null,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          // Stripe's default lifetime for a checkout session.
          expiresAt: new Date(Date.now() + 24 * 3600_000),
        })
        .onConflictDoNothing({ target: localCheckoutSessions.idempotencyKey });
      const [row] = await db
        .select({ id: localCheckoutSessions.id })
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('local checkout session was not stored');
      return row.id;
    },

    async createPortalSession(input) {
      return { url: `/local-pay/portal?flow=${input.flow}` };
    },

    retrieveSubscription: async (id) => toProviderSubscription(await mustFind(id)),

    async cancelSubscription(id, { atPeriodEnd }) {
      const row = await mustFind(id);
      if (row.status === 'canceled') return toProviderSubscription(row);
      if (atPeriodEnd) return toProviderSubscription(await update(id, { cancelAtPeriodEnd: true }));
      return toProviderSubscription(await update(id, { status: 'canceled', endedAt: new Date() }));
    },

    async startSubscriptionForSession(tx, session) {
      if (session.mode !== 'subscription' || session.subscriptionId) return;
      const priceId = session.metadata.priceId;
      if (!session.customerId || !priceId) throw new Error(`local session ${session.id} has no customer or price`);
      const now = new Date();
      const id = newId('lsub');
      await tx
        .insert(localSubscriptions)
        .values({
          id,
          customerId: session.customerId,
          priceId,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addMonth(now),
          metadata: Object.fromEntries(Object.entries(session.metadata).filter(([k]) => k !== 'priceId')),
          checkoutSessionId: session.id,
        })
        .onConflictDoNothing({ target: localSubscriptions.checkoutSessionId });
      const [started] = await tx
        .select({ id: localSubscriptions.id })
        .from(localSubscriptions)
        .where(eq(localSubscriptions.checkoutSessionId, session.id));
      await tx
        .update(localCheckoutSessions)
        .set({ subscriptionId: started?.id ?? id })
        .where(and(eq(localCheckoutSessions.id, session.id), isNull(localCheckoutSessions.subscriptionId)));
    },

    async latestForCustomer(customerId) {
      const [row] = await db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.customerId, customerId))
        .orderBy(sql`${localSubscriptions.status} = 'canceled'`, desc(localSubscriptions.createdAt))
        .limit(1);
      return row ? toProviderSubscription(await catchUp(row)) : null;
    },

    async applyPortalChange(id, change) {
      const row = await mustFind(id);
      if (row.status === 'canceled') return null;
      const updated = (values: Partial<typeof localSubscriptions.$inferInsert>) => update(id, values);
      switch (change.action) {
        case 'change-plan': {
          const priceId = localPriceId(change.tier);
          if (priceId === row.priceId) return null;
          const next = await updated({ priceId });
          return { type: 'customer.subscription.updated', subscription: toProviderSubscription(next) };
        }
        case 'cancel': {
          if (row.cancelAtPeriodEnd) return null;
          const next = await updated({ cancelAtPeriodEnd: true });
          return { type: 'customer.subscription.updated', subscription: toProviderSubscription(next) };
        }
        case 'resume': {
          if (!row.cancelAtPeriodEnd) return null;
          const next = await updated({ cancelAtPeriodEnd: false });
          return { type: 'customer.subscription.updated', subscription: toProviderSubscription(next) };
        }
        case 'renew': {
          // The period ends now: a scheduled cancellation ends it; otherwise the next month is charged.
          if (row.cancelAtPeriodEnd) {
            const next = await updated({ status: 'canceled', endedAt: new Date() });
            return { type: 'customer.subscription.deleted', subscription: toProviderSubscription(next) };
          }
          const start = new Date();
          const next = await updated({
            status: 'active',
            currentPeriodStart: start,
            currentPeriodEnd: addMonth(start),
          });
          return { type: 'invoice.paid', subscription: toProviderSubscription(next) };
        }
        case 'fail-payment': {
          const next = await updated({ status: 'past_due' });
          return { type: 'invoice.payment_failed', subscription: toProviderSubscription(next) };
        }
      }
    },
  };
}
