import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaidTier } from '@fourfour/shared/enums';
import { MEMBERSHIP_MESSAGES, type PendingVerificationUser } from '@fourfour/shared/memberships';
import type { OffsetPageOf } from '@fourfour/shared/paging';
import { users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { defineList, offsetPage } from '../../lib/paging.ts';
import { sendMembershipEmail } from './subscriptions.email.ts';
import { syncSubscription } from './subscription-sync.service.ts';
import { SUBSCRIPTION_JOBS } from './subscriptions.jobs.ts';

/** Oldest subscription first (undated last), the id breaking ties; the spec's list has no sort parameter. */
const PENDING_LIST = defineList({
  sort: { fields: ['subscriptionStartDate'], default: 'subscriptionStartDate,ASC' },
  keys: { subscriptionStartDate: { sql: sql`${users.subscriptionStartDate}`, type: 'timestamptz', nullable: true } },
  tieBreaker: sql`${users.id}`,
});

const pendingColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  subscriptionTier: users.subscriptionTier,
  birthDate: users.birthDate,
  subscriptionStartDate: users.subscriptionStartDate,
};

/** Subscribers waiting for age verification, oldest first, zero-based pages, optional tier filter. */
export function listPendingVerification(
  app: FastifyInstance,
  query: { page: number; size: number; subscriptionTier?: PaidTier },
): Promise<OffsetPageOf<PendingVerificationUser>> {
  return offsetPage(
    PENDING_LIST,
    {
      rows: (extra) =>
        app.db
          .select({ ...pendingColumns, ...extra })
          .from(users)
          .$dynamic(),
      count: (n) => app.db.select({ n }).from(users).$dynamic(),
      where: and(
        eq(users.verificationStatus, 'PENDING'),
        eq(users.deleted, false),
        query.subscriptionTier ? eq(users.subscriptionTier, query.subscriptionTier) : undefined,
      ),
    },
    { page: query.page, size: query.size },
    (u) => ({
      id: u.id,
      username: u.username ?? '',
      email: u.email ?? '',
      subscriptionTier: u.subscriptionTier,
      birthDate: u.birthDate,
      subscriptionStartDate: u.subscriptionStartDate?.toISOString() ?? null,
    }),
  );
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
