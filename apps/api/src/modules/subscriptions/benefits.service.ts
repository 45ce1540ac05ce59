import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { PaidTier } from '@fourfour/shared/enums';
import {
  type BenefitRecord,
  benefitsForTier,
  MEMBERSHIP_MESSAGES,
  parseSubscriberSort,
  SUBSCRIBER_SORT_FIELDS,
  type SubscriberRow,
} from '@fourfour/shared/memberships';
import { isSubscriptionActive } from '@fourfour/shared/membership-active';
import type { Db, DbOrTx } from '../../db/client.ts';
import { benefits, users } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';

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

const SORT_COLUMNS = {
  id: users.id,
  email: users.email,
  username: users.username,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  verificationStatus: users.verificationStatus,
  subscriptionStartDate: users.subscriptionStartDate,
  subscriptionExpiresAt: users.subscriptionExpiresAt,
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Everyone who has held a subscription, paged, sorted on the whitelist, searchable by email. */
export async function listSubscribers(
  db: Db,
  query: { page: number; size: number; sort?: string; email?: string },
): Promise<{ content: SubscriberRow[]; totalPages: number; totalElements: number; number: number; size: number }> {
  const sort = parseSubscriberSort(query.sort);
  if (!sort) throw badRequest(`${MEMBERSHIP_MESSAGES.badSort}${SUBSCRIBER_SORT_FIELDS.join(', ')}.`);
  const column = SORT_COLUMNS[sort.field];
  const where = and(
    eq(users.deleted, false),
    ne(users.subscriptionStatus, 'NONE'),
    query.email ? ilike(users.email, `%${escapeLike(query.email.toLowerCase())}%`) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  // Spelled out: inside a subquery an unqualified column would bind to the benefits row.
  const delivered = sql<number>`(SELECT count(*)::int FROM benefits b WHERE b.user_id = users.id AND b.delivered_at IS NOT NULL)`;
  const all = sql<number>`(SELECT count(*)::int FROM benefits b WHERE b.user_id = users.id)`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      subscriptionTier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      verificationStatus: users.verificationStatus,
      subscriptionStartDate: users.subscriptionStartDate,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
      benefitsDelivered: delivered,
      benefitsTotal: all,
    })
    .from(users)
    .where(where)
    // Nulls last either way; the id breaks ties so pages never overlap.
    .orderBy(
      sql`${column} IS NULL`,
      sort.direction === 'ASC' ? asc(column) : desc(column),
      sort.direction === 'ASC' ? asc(users.id) : desc(users.id),
    )
    .limit(query.size)
    .offset(query.page * query.size);
  return {
    content: rows.map((r) => ({
      ...r,
      email: r.email ?? '',
      username: r.username ?? '',
      subscriptionStartDate: r.subscriptionStartDate?.toISOString() ?? null,
      subscriptionExpiresAt: r.subscriptionExpiresAt?.toISOString() ?? null,
    })),
    totalPages: Math.ceil(total / query.size),
    totalElements: total,
    number: query.page,
    size: query.size,
  };
}
