import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  AFFILIATE_CODE_LENGTH,
  AFFILIATE_MESSAGES,
  type AffiliatesPage,
  type MonthlySalesRecord,
  shiftMonth,
  toMonthlySalesRecord,
} from '@fourfour/shared/affiliates';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { randomCode } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import { defineList, offsetPage } from '../../lib/paging.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import { selectMonthlyTallies, selectTalliesByAffiliate } from './affiliates.queries.ts';
import { rolledMonthlyTallies, rolledTalliesByAffiliate, salesRollupReady } from './sales-rollup.ts';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * The caller's affiliate code, created once. Safe under concurrent calls: the write only lands
 * while the column is still empty, so a second caller's UPDATE matches nothing and it reads the
 * winner's code; a (rare) clash with another user's code is retried with a fresh one.
 */
export async function getOrCreateAffiliateCode(app: FastifyInstance, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [current] = await app.db.select({ code: users.affiliateCode }).from(users).where(eq(users.id, userId));
    if (!current) throw notFound(AFFILIATE_MESSAGES.notFound);
    if (current.code) return current.code;
    try {
      const [row] = await app.db
        .update(users)
        .set({ affiliateCode: randomCode(AFFILIATE_CODE_LENGTH), updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), isNull(users.affiliateCode)))
        .returning({ code: users.affiliateCode });
      if (row?.code) {
        app.log.info({ userId }, 'affiliate code created');
        return row.code;
      }
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(`could not create an affiliate code for user ${userId}`);
}

/** An affiliate's months with counted sales, newest first, with commission and bonus. */
export async function getSalesHistory(app: FastifyInstance, affiliateId: number): Promise<MonthlySalesRecord[]> {
  const tz = app.config.timezone;
  const tallies = (await salesRollupReady(app.db, tz))
    ? await rolledMonthlyTallies(app.db, tz, affiliateId)
    : await selectMonthlyTallies(app.db, affiliateId, tz);
  return tallies.map(toMonthlySalesRecord);
}

/** As an admin sees it: 404 for an id that is no user at all. */
export async function getSalesHistoryOf(app: FastifyInstance, userId: number): Promise<MonthlySalesRecord[]> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(AFFILIATE_MESSAGES.notFound);
  return getSalesHistory(app, userId);
}

/** The current calendar month in `timezone` and its bounds as instants. */
export function monthRange(timezone: string, now: Date = new Date()) {
  const month = instantToLocal(now, timezone).date.slice(0, 7);
  return {
    month,
    from: localToInstant(`${month}-01T00:00:00`, timezone),
    to: localToInstant(`${shiftMonth(month, 1)}-01T00:00:00`, timezone),
  };
}

/** Every affiliate's commission for the current month (what the product owes them so far). */
export async function getCommissionThisMonth(db: DbOrTx, timezone: string, now: Date = new Date()) {
  const range = monthRange(timezone, now);
  const rows = (await salesRollupReady(db, timezone))
    ? await rolledTalliesByAffiliate(db, timezone, range)
    : await selectTalliesByAffiliate(db, range);
  const affiliates = rows.map((r) => {
    const record = toMonthlySalesRecord(r);
    return {
      id: r.affiliateId,
      username: r.username,
      totalTickets: record.totalTickets,
      commissionEarned: record.commissionEarned,
      bonusEarned: record.bonusEarned,
    };
  });
  const totalPence = affiliates.reduce(
    (sum, a) => sum + Math.round(a.commissionEarned * 100) + Math.round(a.bonusEarned * 100),
    0,
  );
  return { month: range.month, total: totalPence / 100, affiliates };
}

/** The picker's order: by username, case-insensitively (the spec's list has no sort parameter). */
const AFFILIATE_LIST = defineList({
  sort: { fields: ['username'], default: 'username,ASC' },
  keys: { username: { sql: sql`lower(${users.username})`, type: 'text', nullable: true } },
  tieBreaker: sql`${users.id}`,
  search: { columns: [sql`${users.username}`, sql`${users.email}`], id: sql`${users.id}` },
});

/**
 * Users the admin sales view can pick: role AFFILIATE, or anyone holding a code (an ADMIN or a
 * former affiliate keeps a history). `q` matches part of the username or email, or an exact id.
 */
export function listAffiliates(db: DbOrTx, query: { page: number; size: number; q?: string }): Promise<AffiliatesPage> {
  return offsetPage(
    AFFILIATE_LIST,
    {
      rows: (extra) =>
        db
          .select({ id: users.id, username: users.username, email: users.email, ...extra })
          .from(users)
          .$dynamic(),
      count: (n) => db.select({ n }).from(users).$dynamic(),
      where: and(eq(users.deleted, false), or(eq(users.role, 'AFFILIATE'), isNotNull(users.affiliateCode))),
    },
    { page: query.page, size: query.size, search: query.q },
    (u) => ({ id: u.id, username: u.username, email: u.email }),
  );
}
