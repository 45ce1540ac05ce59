import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PaidTier } from '@fourfour/shared/enums';
import {
  type BenefitRecord,
  benefitsForTier,
  MEMBERSHIP_MESSAGES,
  SUBSCRIBER_SORT,
  type SubscriberRow,
} from '@fourfour/shared/memberships';
import { isSubscriptionActive } from '@fourfour/shared/membership-active';
import type { OffsetPageOf } from '@fourfour/shared/paging';
import type { Db, DbOrTx } from '../../db/client.ts';
import { benefits, subscriptionStatusEnum, tierEnum, users, verificationStatusEnum } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { defineList, offsetPage } from '../../lib/paging.ts';

/**
 * Member benefits: one record per benefit type and user, created when a plan starts running and
 * cumulative by tier (DESIGN.md), so an upgrade adds the new tier's records and nothing is ever
 * created twice (a unique index on user and type). A downgrade keeps what was granted (history).
 */
export async function grantBenefits(tx: DbOrTx, userId: number, tier: PaidTier): Promise<void> {
  const rows = benefitsForTier(tier).map((b) => ({ userId, benefitType: b.benefitType, tier: b.tier }));
  if (rows.length === 0) return;
  await tx
    .insert(benefits)
    .values(rows)
    .onConflictDoNothing({ target: [benefits.userId, benefits.benefitType] });
}

const toRecord = (row: typeof benefits.$inferSelect): BenefitRecord => ({
  id: row.id,
  benefitType: row.benefitType,
  tier: row.tier === 'NONE' ? 'ENTRY' : row.tier,
  delivered: row.deliveredAt !== null,
  deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
});

export async function listBenefits(db: Db, userId: number): Promise<BenefitRecord[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MEMBERSHIP_MESSAGES.userNotFound);
  const rows = await db.select().from(benefits).where(eq(benefits.userId, userId)).orderBy(asc(benefits.id));
  return rows.map(toRecord);
}

/**
 * Marks a benefit delivered (today) or clears it. Delivering needs a member whose benefits are
 * unlocked: VERIFIED, with a plan running; undelivering is always allowed (a correction).
 */
export async function setBenefitDelivered(
  db: Db,
  benefitId: number,
  delivered: boolean,
  adminId: number,
): Promise<BenefitRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(benefits).where(eq(benefits.id, benefitId)).for('update');
    if (!row) throw notFound(MEMBERSHIP_MESSAGES.benefitNotFound);
    if (delivered) {
      const [owner] = await tx.select().from(users).where(eq(users.id, row.userId));
      const unlocked =
        !!owner &&
        !owner.deleted &&
        owner.verificationStatus === 'VERIFIED' &&
        isSubscriptionActive(owner.subscriptionTier, owner.subscriptionStatus, owner.subscriptionExpiresAt);
      if (!unlocked) throw new AppError('BENEFITS_LOCKED', 409, MEMBERSHIP_MESSAGES.benefitsLocked);
    }
    const [updated] = await tx
      .update(benefits)
      .set(
        delivered
          ? { deliveredAt: row.deliveredAt ?? sql`now()`, deliveredBy: row.deliveredBy ?? adminId }
          : { deliveredAt: null, deliveredBy: null },
      )
      .where(eq(benefits.id, benefitId))
      .returning();
    return toRecord(updated!);
  });
}

/** The subscriber table (nulls last either way; the id breaks ties so pages never overlap). */
const SUBSCRIBER_LIST = defineList({
  sort: SUBSCRIBER_SORT,
  keys: {
    id: { sql: sql`${users.id}`, type: 'bigint' },
    email: { sql: sql`${users.email}`, type: 'text', nullable: true },
    username: { sql: sql`${users.username}`, type: 'text', nullable: true },
    subscriptionTier: { sql: sql`${users.subscriptionTier}`, type: { enum: tierEnum.enumName } },
    subscriptionStatus: { sql: sql`${users.subscriptionStatus}`, type: { enum: subscriptionStatusEnum.enumName } },
    verificationStatus: { sql: sql`${users.verificationStatus}`, type: { enum: verificationStatusEnum.enumName } },
    subscriptionStartDate: { sql: sql`${users.subscriptionStartDate}`, type: 'timestamptz', nullable: true },
    subscriptionExpiresAt: { sql: sql`${users.subscriptionExpiresAt}`, type: 'timestamptz', nullable: true },
  },
  tieBreaker: sql`${users.id}`,
  search: { columns: [sql`${users.email}`] },
});

// Spelled out: inside a subquery an unqualified column would bind to the benefits row.
const subscriberColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  verificationStatus: users.verificationStatus,
  subscriptionStartDate: users.subscriptionStartDate,
  subscriptionExpiresAt: users.subscriptionExpiresAt,
  benefitsDelivered: sql<number>`(SELECT count(*)::int FROM benefits b WHERE b.user_id = users.id AND b.delivered_at IS NOT NULL)`,
  benefitsTotal: sql<number>`(SELECT count(*)::int FROM benefits b WHERE b.user_id = users.id)`,
};

/** Everyone who has held a subscription, paged, sorted on the whitelist, searchable by email. */
export function listSubscribers(
  db: Db,
  query: { page: number; size: number; sort?: string; email?: string },
): Promise<OffsetPageOf<SubscriberRow>> {
  return offsetPage(
    SUBSCRIBER_LIST,
    {
      rows: (extra) =>
        db
          .select({ ...subscriberColumns, ...extra })
          .from(users)
          .$dynamic(),
      count: (n) => db.select({ n }).from(users).$dynamic(),
      where: and(eq(users.deleted, false), ne(users.subscriptionStatus, 'NONE')),
    },
    { ...query, search: query.email },
    (r) => ({
      id: r.id,
      email: r.email ?? '',
      username: r.username ?? '',
      subscriptionTier: r.subscriptionTier,
      subscriptionStatus: r.subscriptionStatus,
      verificationStatus: r.verificationStatus,
      subscriptionStartDate: r.subscriptionStartDate?.toISOString() ?? null,
      subscriptionExpiresAt: r.subscriptionExpiresAt?.toISOString() ?? null,
      benefitsDelivered: r.benefitsDelivered,
      benefitsTotal: r.benefitsTotal,
    }),
  );
}
