import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shiftMonth } from '@fourfour/shared/affiliates';
import { PLAN_PRICES_GBP } from '@fourfour/shared/constants';
import { PAID_TIERS, type PaidTier, ROLES, type Role } from '@fourfour/shared/enums';
import type { MasterStats } from '@fourfour/shared/master';
import { penceToPounds, poundsToPence } from '@fourfour/shared/money';
import { membershipActiveSql } from '../../db/membership-active.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import {
  getCommissionThisMonth,
  rolledSalesByMonth,
  rolledTopEvents,
  type TopEventRow,
  rowsOf,
  saleMonth,
  salesRollupReady,
} from '../affiliates/index.ts';
import { countedUsersByRole } from './user-counts.ts';

const MONTHS = 12;
const WEEKS = 12;
const TOP_EVENTS = 5;
const DAY_MS = 24 * 3600_000;

/** Tickets that are sold and stay sold: the order is PAID (refunds drop out) and the ticket not voided. */
const SOLD = sql`o.status = 'PAID' AND o.paid_at IS NOT NULL AND t.status <> 'VOID'`;

/** "2026-07-15" → the Monday of its week, as "2026-07-13". */
function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}
const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** Members and monthly recurring revenue, from the users' current subscription (the mirror the memberships module keeps). */
async function membersByTier(app: FastifyInstance) {
  const result = await app.db.execute(sql`
    SELECT subscription_tier AS tier,
      count(*)::int AS members,
      count(*) FILTER (WHERE subscription_status = 'ACTIVE')::int AS renewing
    FROM users
    WHERE NOT deleted AND ${membershipActiveSql()}
    GROUP BY subscription_tier`);
  const rows = rowsOf<{ tier: PaidTier; members: number; renewing: number }>(result);
  return PAID_TIERS.map((tier) => {
    const row = rows.find((r) => r.tier === tier);
    const renewing = Number(row?.renewing ?? 0);
    return {
      tier,
      members: Number(row?.members ?? 0),
      renewing,
      monthlyRecurringRevenue: penceToPounds(renewing * poundsToPence(PLAN_PRICES_GBP[tier])),
    };
  });
}

/** From the monthly roll-up (affiliates/sales-rollup.ts) once it is built, else from the tickets. */
async function salesRows(app: FastifyInstance, rolledUp: boolean, firstMonth: string, from: Date) {
  const tz = app.config.timezone;
  if (rolledUp) return rolledSalesByMonth(app.db, tz, { firstMonth, from });
  const result = await app.db.execute(sql`
    SELECT ${saleMonth(tz)} AS month,
      coalesce(sum(t.price_paid_pence) FILTER (WHERE NOT t.is_free), 0)::bigint AS revenue,
      count(*) FILTER (WHERE NOT t.is_free)::int AS sold,
      count(*) FILTER (WHERE t.is_free)::int AS free
    FROM tickets t JOIN orders o ON o.id = t.order_id
    WHERE ${SOLD} AND o.paid_at >= ${from.toISOString()}
    GROUP BY 1`);
  return rowsOf<{ month: string; revenue: string | number; sold: number; free: number }>(result);
}

async function ticketSalesByMonth(app: FastifyInstance, rolledUp: boolean, currentMonth: string) {
  const tz = app.config.timezone;
  const first = shiftMonth(currentMonth, -(MONTHS - 1));
  const from = localToInstant(`${first}-01T00:00:00`, tz);
  const rows = await salesRows(app, rolledUp, first, from);
  return Array.from({ length: MONTHS }, (_, i) => {
    const month = shiftMonth(first, i);
    const row = rows.find((r) => r.month === month);
    return {
      month,
      revenue: penceToPounds(Number(row?.revenue ?? 0)),
      ticketsSold: Number(row?.sold ?? 0),
      freeTickets: Number(row?.free ?? 0),
    };
  });
}

async function topEventRows(app: FastifyInstance, rolledUp: boolean) {
  if (rolledUp) return rolledTopEvents(app.db, app.config.timezone, TOP_EVENTS);
  const result = await app.db.execute(sql`
    SELECT e.id, e.title, e.starts_at,
      coalesce(sum(t.price_paid_pence) FILTER (WHERE NOT t.is_free), 0)::bigint AS revenue,
      count(*) FILTER (WHERE NOT t.is_free)::int AS sold
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = t.event_id
    WHERE ${SOLD}
    GROUP BY e.id, e.title, e.starts_at
    ORDER BY revenue DESC, sold DESC, e.id DESC
    LIMIT ${TOP_EVENTS}`);
  return rowsOf<TopEventRow>(result);
}

async function topEvents(app: FastifyInstance, rolledUp: boolean) {
  return (await topEventRows(app, rolledUp)).map((r) => ({
    eventId: Number(r.id),
    title: r.title,
    startsAt: r.starts_at ? new Date(r.starts_at).toISOString() : null,
    revenue: penceToPounds(Number(r.revenue)),
    ticketsSold: Number(r.sold),
  }));
}

/** From the maintained counts (user-counts.ts) once they are built, else by counting the users. */
async function usersByRole(app: FastifyInstance) {
  const rows =
    (await countedUsersByRole(app.db)) ??
    rowsOf<{ role: Role; n: number }>(
      await app.db.execute(
        sql`SELECT role::text AS role, count(*)::int AS n FROM users WHERE NOT deleted GROUP BY role`,
      ),
    );
  return ROLES.map((role) => ({ role, users: Number(rows.find((r) => r.role === role)?.n ?? 0) }));
}

async function signupsByWeek(app: FastifyInstance, today: string) {
  const tz = app.config.timezone;
  const firstWeek = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const from = localToInstant(`${firstWeek}T00:00:00`, tz);
  const result = await app.db.execute(sql`
    SELECT to_char(date_trunc('week', created_at AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS week, count(*)::int AS n
    FROM users WHERE created_at >= ${from.toISOString()}
    GROUP BY 1`);
  const rows = rowsOf<{ week: string; n: number }>(result);
  return Array.from({ length: WEEKS }, (_, i) => {
    const weekStart = addDays(firstWeek, 7 * i);
    return { weekStart, signups: Number(rows.find((r) => r.week === weekStart)?.n ?? 0) };
  });
}

/**
 * GET /api/master/stats, months and weeks in APP_TIMEZONE. Ticket sales and accounts per role come
 * from the maintained roll-ups once built (exact at any moment: affiliates/sales-rollup.ts,
 * user-counts.ts), the rest from indexed rows.
 */
export async function getMasterStats(app: FastifyInstance, now: Date = new Date()): Promise<MasterStats> {
  const tz = app.config.timezone;
  const today = instantToLocal(now, tz).date;
  const currentMonth = today.slice(0, 7);
  const rolledUp = await salesRollupReady(app.db, tz);
  const [tiers, sales, top, roles, signups, commission] = await Promise.all([
    membersByTier(app),
    ticketSalesByMonth(app, rolledUp, currentMonth),
    topEvents(app, rolledUp),
    usersByRole(app),
    signupsByWeek(app, today),
    getCommissionThisMonth(app.db, tz, now),
  ]);
  const thisMonth = sales[sales.length - 1]!;
  return {
    generatedAt: now.toISOString(),
    timezone: tz,
    currentMonth,
    totals: {
      users: roles.reduce((sum, r) => sum + r.users, 0),
      activeMembers: tiers.reduce((sum, t) => sum + t.members, 0),
      monthlyRecurringRevenue: penceToPounds(
        tiers.reduce((sum, t) => sum + poundsToPence(t.monthlyRecurringRevenue), 0),
      ),
      ticketRevenueThisMonth: thisMonth.revenue,
      ticketsSoldThisMonth: thisMonth.ticketsSold,
      affiliateCommissionOwed: commission.total,
    },
    membersByTier: tiers,
    ticketSalesByMonth: sales,
    topEvents: top,
    usersByRole: roles,
    signupsByWeek: signups,
    affiliateCommission: commission,
  };
}
