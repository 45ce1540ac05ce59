import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { RUNNING_SUBSCRIPTION_STATUSES } from '@fourfour/shared/membership-active';
import { users } from './schema/index.ts';

/**
 * "Membership is active" in SQL, for lists that sort or count by it (the master's users table,
 * the members figures). The TypeScript form is isSubscriptionActive in
 * packages/shared/src/membership-active.ts; membership-active.test.ts runs both on the same random
 * rows (an expiry equal to now included) and fails when they disagree.
 */
export interface MembershipColumns {
  tier: SQLWrapper;
  status: SQLWrapper;
  expiresAt: SQLWrapper;
}

const USERS_COLUMNS: MembershipColumns = {
  tier: users.subscriptionTier,
  status: users.subscriptionStatus,
  expiresAt: users.subscriptionExpiresAt,
};

const RUNNING = sql.raw(RUNNING_SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(', '));

export const membershipActiveSql = (c: MembershipColumns = USERS_COLUMNS, now: SQLWrapper = sql`now()`): SQL<boolean> =>
  sql<boolean>`(${c.tier} <> 'NONE' AND ${c.status} IN (${RUNNING}) AND (${c.expiresAt} IS NULL OR ${c.expiresAt} > ${now}))`;
