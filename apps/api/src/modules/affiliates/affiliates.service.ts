import { and, asc, count, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
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
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import { containsInsensitive, selectMonthlyTallies, selectTalliesByAffiliate } from './affiliates.queries.ts';

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
  const tallies = await selectMonthlyTallies(app.db, affiliateId, app.config.timezone);
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
  const rows = await selectTalliesByAffiliate(db, range);
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

/**
 * Users the admin sales view can pick: role AFFILIATE, or anyone holding a code (an ADMIN or a
 * former affiliate keeps a history). `q` matches part of the username or email, or an exact id.
 */
export async function listAffiliates(
  db: DbOrTx,
  query: { page: number; size: number; q?: string },
): Promise<AffiliatesPage> {
  const conditions: SQL[] = [
    eq(users.deleted, false),
    or(eq(users.role, 'AFFILIATE'), isNotNull(users.affiliateCode)) as SQL,
  ];
  const q = query.q?.trim();
  if (q) {
    const byText = or(containsInsensitive(users.username, q), containsInsensitive(users.email, q)) as SQL;
    const id = /^\d{1,15}$/.test(q) ? Number(q) : null;
    conditions.push(id === null ? byText : (or(eq(users.id, id), byText) as SQL));
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const totalElements = Number(total?.n ?? 0);
  return { content: rows, totalPages: Math.ceil(totalElements / query.size), totalElements };
}
