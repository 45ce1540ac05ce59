import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaidTier } from '@fourfour/shared/enums';
import { MEMBERSHIP_MESSAGES, type PendingVerificationUser } from '@fourfour/shared/memberships';
import { users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { sendMembershipEmail } from './subscriptions.email.ts';
import { syncSubscription } from './subscription-sync.service.ts';
import { SUBSCRIPTION_JOBS } from './subscription-jobs.ts';

/** Subscribers waiting for age verification, oldest first, zero-based pages, optional tier filter. */
export async function listPendingVerification(
  app: FastifyInstance,
  query: { page: number; size: number; subscriptionTier?: PaidTier },
) {
  const where = and(
    eq(users.verificationStatus, 'PENDING'),
    eq(users.deleted, false),
    query.subscriptionTier ? eq(users.subscriptionTier, query.subscriptionTier) : undefined,
  );
  const [{ total } = { total: 0 }] = await app.db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const rows = await app.db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`${users.subscriptionStartDate} IS NULL`, asc(users.subscriptionStartDate), asc(users.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const content: PendingVerificationUser[] = rows.map((u) => ({
    id: u.id,
    username: u.username ?? '',
    email: u.email ?? '',
    subscriptionTier: u.subscriptionTier,
    birthDate: u.birthDate,
    subscriptionStartDate: u.subscriptionStartDate?.toISOString() ?? null,
  }));
  return {
    content,
    totalPages: Math.ceil(total / query.size),
    totalElements: total,
    number: query.page,
    size: query.size,
  };
}

async function findTarget(app: FastifyInstance, id: number) {
  const [user] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.deleted, false)));
  if (!user) throw notFound(MEMBERSHIP_MESSAGES.userNotFound);
  return user;
}

const resultOf = (u: typeof users.$inferSelect) => ({
  id: u.id,
  verificationStatus: u.verificationStatus,
  subscriptionTier: u.subscriptionTier,
  subscriptionStatus: u.subscriptionStatus,
});

/** VERIFIED unlocks free tickets and benefits. Verifying twice changes nothing (and mails once). */
export async function verifyUser(app: FastifyInstance, id: number) {
  const user = await findTarget(app, id);
  if (user.verificationStatus === 'VERIFIED') return resultOf(user);
  if (user.verificationStatus === 'UNDERAGE') throw conflict(MEMBERSHIP_MESSAGES.alreadyUnderage, 'UNDERAGE');
  return app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ verificationStatus: 'VERIFIED', updatedAt: sql`now()` })
      .where(and(eq(users.id, id), sql`${users.verificationStatus} IN ('PENDING', 'NONE')`))
      .returning();
    if (!updated) throw conflict(MEMBERSHIP_MESSAGES.notPending, 'NOT_PENDING');
    await sendMembershipEmail(app, tx, updated.email, { kind: 'verified' });
    return resultOf(updated);
  });
}

/**
 * UNDERAGE disables the member's access at once: the status is set first (free tickets, benefits,
 * subscribing and buying stop on the next request), then the subscription is cancelled now with no
 * further charges. Should the provider be unreachable, a durable job retries the cancellation and
 * the sync keeps the plan ended meanwhile. The person can still sign in and sees the banner.
 */
export async function markUnderage(app: FastifyInstance, id: number) {
  const user = await findTarget(app, id);
  if (user.verificationStatus === 'UNDERAGE') throw conflict(MEMBERSHIP_MESSAGES.alreadyUnderage, 'UNDERAGE');
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        verificationStatus: 'UNDERAGE',
        ...(user.subscriptionTier !== 'NONE'
          ? {
              subscriptionTier: 'NONE' as const,
              subscriptionStatus: 'ENDED' as const,
              subscriptionExpiresAt: sql`now()`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    if (user.paymentSubscriptionId) {
      await app.jobs.send(SUBSCRIPTION_JOBS.cancelNow, { subscriptionId: user.paymentSubscriptionId }, { tx });
    }
    await sendMembershipEmail(app, tx, user.email, { kind: 'underage' });
  });
  if (user.paymentSubscriptionId) {
    try {
      await cancelSubscriptionNow(app, user.paymentSubscriptionId);
    } catch (err) {
      app.log.warn({ err, userId: id }, 'underage: provider cancellation failed; the job will retry');
    }
  }
  return resultOf(await findTarget(app, id));
}

/** Cancels now at the provider (no further charges) and applies the result. Safe to repeat. */
export async function cancelSubscriptionNow(app: FastifyInstance, subscriptionId: string): Promise<void> {
  await app.payments.cancelSubscription(subscriptionId, { atPeriodEnd: false });
  await syncSubscription(app, subscriptionId, null, { reason: 'underage' });
}
