import { sql } from 'drizzle-orm';
import type { MonthTally } from '@fourfour/shared/affiliates';
import type { DbOrTx } from '../../db/client.ts';

type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * The tickets that count toward an affiliate's figures, as one SQL condition on `t` (tickets) and
 * `o` (orders): sold with the code, paid (the order is PAID, so refunded and refunding orders
 * drop out), not voided, and not free (free tickets earn nothing and do not count).
 */
export const COUNTED_SALE = sql`o.status = 'PAID' AND o.paid_at IS NOT NULL AND t.status <> 'VOID' AND NOT t.is_free`;

/** The month of a payment: its paid_at as a wall-clock month in APP_TIMEZONE. */
export const saleMonth = (timezone: string) => sql`to_char(o.paid_at AT TIME ZONE ${timezone}, 'YYYY-MM')`;

interface TallyRow {
  month: string;
  standard: number | string;
  vip: number | string;
  paid: number | string;
}

const toTally = (r: TallyRow): MonthTally => ({
  month: r.month,
  standardTickets: Number(r.standard),
  vipTickets: Number(r.vip),
  paidPence: Number(r.paid),
});

/** One affiliate's counted sales per calendar month (APP_TIMEZONE), newest first. */
export async function selectMonthlyTallies(db: DbOrTx, affiliateId: number, timezone: string): Promise<MonthTally[]> {
  const month = saleMonth(timezone);
  const result = await db.execute(sql`
    SELECT ${month} AS month,
      count(*) FILTER (WHERE t.ticket_type = 'STANDARD')::int AS standard,
      count(*) FILTER (WHERE t.ticket_type = 'VIP')::int AS vip,
      coalesce(sum(t.price_paid_pence), 0)::bigint AS paid
    FROM tickets t JOIN orders o ON o.id = t.order_id
    WHERE t.affiliate_id = ${affiliateId} AND ${COUNTED_SALE}
    GROUP BY 1 ORDER BY 1 DESC`);
  return rowsOf<TallyRow>(result).map(toTally);
}

/** Every affiliate's counted sales in one month (`from` inclusive, `to` exclusive instants). */
export async function selectTalliesByAffiliate(
  db: DbOrTx,
  range: { from: Date; to: Date; month: string },
): Promise<(MonthTally & { affiliateId: number; username: string | null })[]> {
  const result = await db.execute(sql`
    SELECT t.affiliate_id AS affiliate_id, u.username AS username,
      count(*) FILTER (WHERE t.ticket_type = 'STANDARD')::int AS standard,
      count(*) FILTER (WHERE t.ticket_type = 'VIP')::int AS vip,
      coalesce(sum(t.price_paid_pence), 0)::bigint AS paid
    FROM tickets t JOIN orders o ON o.id = t.order_id JOIN users u ON u.id = t.affiliate_id
    WHERE ${COUNTED_SALE} AND o.paid_at >= ${range.from.toISOString()} AND o.paid_at < ${range.to.toISOString()}
    GROUP BY t.affiliate_id, u.username ORDER BY t.affiliate_id`);
  return rowsOf<Omit<TallyRow, 'month'> & { affiliate_id: number | string; username: string | null }>(result).map(
    (r) => ({
      ...toTally({ ...r, month: range.month }),
      affiliateId: Number(r.affiliate_id),
      username: r.username,
    }),
  );
}
