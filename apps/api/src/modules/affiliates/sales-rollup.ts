import { type SQL, sql } from 'drizzle-orm';
import type { MonthTally } from '@fourfour/shared/affiliates';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from './affiliates.queries.ts';

/**
 * Ticket sales statistics without reading the tickets table (issue 19). Triggers append every
 * change to the set of sold tickets to sales_ledger in the transaction that makes it
 * (schema/sales-stats.ts, migration 0013); the roll-up job below folds the ledger into per-month
 * tables in APP_TIMEZONE. A reader sums the monthly rows and what is still in the ledger in one
 * statement, so its figures equal a direct computation from the tickets at any moment, a sale
 * made a second ago or an old order refunded today included. Until the job has built the tables
 * for APP_TIMEZONE (first run after the migration, or after the timezone changed) the callers
 * compute from the tickets as before.
 */

const ROLLUP_LOCK = sql`pg_advisory_xact_lock(hashtext('fourfour.sales-rollup'))`;

/** A sold ticket, as the statistics count it (`t` tickets, `o` orders). */
const SOLD = sql`o.status = 'PAID' AND o.paid_at IS NOT NULL AND t.status <> 'VOID'`;

const monthOf = (column: SQL, timezone: string) => sql`to_char(${column} AT TIME ZONE ${timezone}, 'YYYY-MM')`;

/** Whether the monthly tables are built for `timezone` (else read the tickets). */
export async function salesRollupReady(db: DbOrTx, timezone: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 AS ok FROM sales_rollup_state WHERE timezone = ${timezone}`);
  return rowsOf(result).length > 0;
}

/**
 * Rebuild the monthly tables from the tickets, in one REPEATABLE READ snapshot: the ledger rows
 * it deletes are exactly those whose changes the snapshot's tickets already show; rows committed
 * later stay in the ledger for the next fold. A few seconds on two million tickets, once.
 */
async function buildSalesRollup(db: DbOrTx, timezone: string): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`SELECT ${ROLLUP_LOCK}`);
      await tx.execute(sql`DELETE FROM sales_rollup_state`);
      await tx.execute(sql`DELETE FROM sales_ledger`);
      await tx.execute(sql`DELETE FROM event_sales_by_month`);
      await tx.execute(sql`DELETE FROM affiliate_sales_by_month`);
      await tx.execute(sql`
        INSERT INTO event_sales_by_month (month, event_id, revenue_pence, sold, free)
        SELECT ${monthOf(sql`o.paid_at`, timezone)}, t.event_id,
          coalesce(sum(t.price_paid_pence) FILTER (WHERE NOT t.is_free), 0),
          count(*) FILTER (WHERE NOT t.is_free), count(*) FILTER (WHERE t.is_free)
        FROM tickets t JOIN orders o ON o.id = t.order_id
        WHERE ${SOLD}
        GROUP BY 1, 2`);
      await tx.execute(sql`
        INSERT INTO affiliate_sales_by_month (affiliate_id, month, standard, vip, paid_pence)
        SELECT t.affiliate_id, ${monthOf(sql`o.paid_at`, timezone)},
          count(*) FILTER (WHERE t.ticket_type = 'STANDARD'), count(*) FILTER (WHERE t.ticket_type = 'VIP'),
          coalesce(sum(t.price_paid_pence), 0)
        FROM tickets t JOIN orders o ON o.id = t.order_id
        WHERE ${SOLD} AND NOT t.is_free AND t.affiliate_id IS NOT NULL
        GROUP BY 1, 2`);
      await tx.execute(sql`INSERT INTO sales_rollup_state (id, timezone) VALUES (1, ${timezone})`);
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** Move the ledger's rows into the monthly tables (one statement: the rows leave and land together). */
async function foldSalesLedger(db: DbOrTx, timezone: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${ROLLUP_LOCK}`);
    await tx.execute(sql`
      WITH moved AS (
        DELETE FROM sales_ledger
        RETURNING ${monthOf(sql`paid_at`, timezone)} AS month, event_id, affiliate_id, ticket_type, is_free, tickets, pence
      ),
      by_event AS (
        INSERT INTO event_sales_by_month AS e (month, event_id, revenue_pence, sold, free)
        SELECT month, event_id, coalesce(sum(pence) FILTER (WHERE NOT is_free), 0),
          coalesce(sum(tickets) FILTER (WHERE NOT is_free), 0), coalesce(sum(tickets) FILTER (WHERE is_free), 0)
        FROM moved GROUP BY month, event_id
        ON CONFLICT (month, event_id) DO UPDATE SET revenue_pence = e.revenue_pence + excluded.revenue_pence,
          sold = e.sold + excluded.sold, free = e.free + excluded.free
      )
      INSERT INTO affiliate_sales_by_month AS a (affiliate_id, month, standard, vip, paid_pence)
      SELECT affiliate_id, month, coalesce(sum(tickets) FILTER (WHERE ticket_type = 'STANDARD'), 0),
        coalesce(sum(tickets) FILTER (WHERE ticket_type = 'VIP'), 0), coalesce(sum(pence), 0)
      FROM moved WHERE affiliate_id IS NOT NULL AND NOT is_free GROUP BY affiliate_id, month
      ON CONFLICT (affiliate_id, month) DO UPDATE SET standard = a.standard + excluded.standard,
        vip = a.vip + excluded.vip, paid_pence = a.paid_pence + excluded.paid_pence`);
  });
}

/**
 * The roll-up job (every minute): build the monthly tables if they are not there for
 * `timezone`, else fold the ledger into them. Returns what it did.
 */
export async function rollUpSales(db: DbOrTx, timezone: string): Promise<'built' | 'folded'> {
  if (!(await salesRollupReady(db, timezone))) {
    await buildSalesRollup(db, timezone);
    return 'built';
  }
  await foldSalesLedger(db, timezone);
  return 'folded';
}

// ---------- readers (call only when salesRollupReady) ----------

/** The ledger's rows as the monthly tables' columns, months in `timezone`. */
const pendingByEvent = (timezone: string, where: SQL = sql`TRUE`) => sql`
  SELECT ${monthOf(sql`paid_at`, timezone)} AS month, event_id,
    CASE WHEN is_free THEN 0 ELSE pence END AS revenue,
    CASE WHEN is_free THEN 0 ELSE tickets END AS sold,
    CASE WHEN is_free THEN tickets ELSE 0 END AS free
  FROM sales_ledger WHERE ${where}`;

const pendingByAffiliate = (timezone: string, where: SQL) => sql`
  SELECT affiliate_id, ${monthOf(sql`paid_at`, timezone)} AS month,
    CASE WHEN ticket_type = 'STANDARD' THEN tickets ELSE 0 END AS standard,
    CASE WHEN ticket_type = 'VIP' THEN tickets ELSE 0 END AS vip,
    pence AS paid
  FROM sales_ledger WHERE affiliate_id IS NOT NULL AND NOT is_free AND ${where}`;

/** Revenue, paid and free tickets per month from `firstMonth` (YYYY-MM) on. */
export async function rolledSalesByMonth(db: DbOrTx, timezone: string, range: { firstMonth: string; from: Date }) {
  const result = await db.execute(sql`
    SELECT month, sum(revenue)::bigint AS revenue, sum(sold)::int AS sold, sum(free)::int AS free
    FROM (
      SELECT month, revenue_pence AS revenue, sold, free FROM event_sales_by_month WHERE month >= ${range.firstMonth}
      UNION ALL
      SELECT month, revenue, sold, free FROM (${pendingByEvent(timezone, sql`paid_at >= ${range.from.toISOString()}`)}) p
    ) x
    GROUP BY month`);
  return rowsOf<{ month: string; revenue: string | number; sold: number; free: number }>(result);
}

/** The `limit` events with the most revenue over all time (then tickets, then newest id). */
/** An event among the best sellers, as both ways of reading it answer (master-stats.service.ts). */
export interface TopEventRow {
  id: number | string;
  title: string;
  starts_at: Date | string | null;
  revenue: string | number;
  sold: number;
}

export async function rolledTopEvents(db: DbOrTx, timezone: string, limit: number) {
  const result = await db.execute(sql`
    WITH totals AS (
      SELECT event_id, sum(revenue) AS revenue, sum(sold) AS sold
      FROM (
        SELECT event_id, revenue_pence AS revenue, sold, free FROM event_sales_by_month
        UNION ALL
        SELECT event_id, revenue, sold, free FROM (${pendingByEvent(timezone)}) p
      ) x
      GROUP BY event_id HAVING sum(sold) + sum(free) > 0
    )
    SELECT e.id, e.title, e.starts_at, s.revenue::bigint AS revenue, s.sold::int AS sold
    FROM totals s JOIN events e ON e.id = s.event_id
    ORDER BY s.revenue DESC, s.sold DESC, e.id DESC
    LIMIT ${limit}`);
  return rowsOf<TopEventRow>(result);
}

interface TallySums {
  standard: number | string;
  vip: number | string;
  paid: number | string;
}

/** One affiliate's counted sales per month, newest first (months with none left out). */
export async function rolledMonthlyTallies(db: DbOrTx, timezone: string, affiliateId: number): Promise<MonthTally[]> {
  const result = await db.execute(sql`
    SELECT month, sum(standard)::int AS standard, sum(vip)::int AS vip, sum(paid)::bigint AS paid
    FROM (
      SELECT month, standard, vip, paid_pence AS paid FROM affiliate_sales_by_month WHERE affiliate_id = ${affiliateId}
      UNION ALL
      SELECT month, standard, vip, paid FROM (${pendingByAffiliate(timezone, sql`affiliate_id = ${affiliateId}`)}) p
    ) x
    GROUP BY month HAVING sum(standard) + sum(vip) > 0
    ORDER BY month DESC`);
  return rowsOf<TallySums & { month: string }>(result).map((r) => ({
    month: r.month,
    standardTickets: Number(r.standard),
    vipTickets: Number(r.vip),
    paidPence: Number(r.paid),
  }));
}

/** Every affiliate's counted sales in one month, by affiliate id (affiliates with none left out). */
export async function rolledTalliesByAffiliate(
  db: DbOrTx,
  timezone: string,
  range: { from: Date; to: Date; month: string },
): Promise<(MonthTally & { affiliateId: number; username: string | null })[]> {
  const result = await db.execute(sql`
    SELECT x.affiliate_id, u.username,
      sum(x.standard)::int AS standard, sum(x.vip)::int AS vip, sum(x.paid)::bigint AS paid
    FROM (
      SELECT affiliate_id, standard, vip, paid_pence AS paid FROM affiliate_sales_by_month WHERE month = ${range.month}
      UNION ALL
      SELECT affiliate_id, standard, vip, paid FROM (${pendingByAffiliate(
        timezone,
        sql`paid_at >= ${range.from.toISOString()} AND paid_at < ${range.to.toISOString()}`,
      )}) p
    ) x JOIN users u ON u.id = x.affiliate_id
    GROUP BY x.affiliate_id, u.username HAVING sum(x.standard) + sum(x.vip) > 0
    ORDER BY x.affiliate_id`);
  return rowsOf<TallySums & { affiliate_id: number | string; username: string | null }>(result).map((r) => ({
    month: range.month,
    standardTickets: Number(r.standard),
    vipTickets: Number(r.vip),
    paidPence: Number(r.paid),
    affiliateId: Number(r.affiliate_id),
    username: r.username,
  }));
}
