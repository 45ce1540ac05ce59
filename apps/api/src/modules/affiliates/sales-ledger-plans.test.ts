import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertIssuedOrder } from '../tickets/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from './affiliates.queries.ts';

/**
 * The sales ledger's triggers (migrations 0013, 0021) are planned for the rows at hand. Their first
 * use on a connection was one ticket on a one-page orders table; PL/pgSQL kept that plan (a nested
 * loop over all of orders for each new ticket) until an ANALYZE, which PGlite never runs. Counted
 * with the database's own statistics of rows read by sequential scans, so the test asserts the
 * work done, not the time taken.
 */
/** Rows of orders read by sequential scans so far in this transaction (the database's own counter). */
async function ordersReadByScans(tx: Pick<DbOrTx, 'execute'>): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await tx.execute(sql`SELECT pg_stat_get_xact_tuples_returned('orders'::regclass) AS n`),
  );
  return Number(row!.n);
}

describe('the sales ledger on a new database', () => {
  let t: TestApp;
  let fan: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ jobs: { work: false } });
    fan = await createUser(t.app);
  });
  afterAll(() => t?.close());

  it('records a bulk insert after a one-ticket order reading each order a bounded number of times', async () => {
    const small = await createEvent(t.app, { title: 'Small Room' });
    const big = await createEvent(t.app, { title: 'Big Room' });
    const N = 1500;
    const { ledger, readByScans } = await t.app.db.transaction(async (tx) => {
      // One connection throughout: the one-ticket order is the triggers' first use on it.
      await insertIssuedOrder(tx, {
        userId: fan.id,
        eventId: small.id,
        tickets: [
          { ticketType: 'STANDARD', firstName: 'Ada', lastName: 'One', dateOfBirth: '1990-01-01', pricePence: 2250 },
        ],
      });
      const before = await ordersReadByScans(tx);
      await tx.execute(sql`
        WITH r AS (
          INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
          SELECT ${fan.id}, ${big.id}, 'FULFILLED', 2, 0, '[]'::jsonb, 4500, now() FROM generate_series(1, ${N})
          RETURNING id),
        o AS (
          INSERT INTO orders (reservation_id, user_id, event_id, provider, amount_pence, status, paid_at)
          SELECT id, ${fan.id}, ${big.id}, 'local', 4500, 'PAID', now() FROM r
          RETURNING id)
        INSERT INTO tickets (order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth, price_paid_pence)
        SELECT o.id, ${big.id}, ${fan.id}, 'STANDARD', 'Guest ' || g, 'Number ' || o.id, '1990-01-01', 2250
        FROM o, generate_series(1, 2) g`);
      const readByScans = (await ordersReadByScans(tx)) - before;
      // Deleting them is recorded too (the ledger's other statement trigger), with the same bound.
      const ledger = rowsOf<{ event_id: string; tickets: string; pence: string }>(
        await tx.execute(sql`
          SELECT event_id::text AS event_id, sum(tickets)::text AS tickets, sum(pence)::text AS pence FROM sales_ledger
          WHERE event_id IN (${small.id}, ${big.id}) GROUP BY event_id ORDER BY event_id`),
      );
      return { ledger, readByScans };
    });
    // Every sale is in the ledger, once.
    expect(ledger).toEqual([
      { event_id: String(small.id), tickets: '1', pence: '2250' },
      { event_id: String(big.id), tickets: String(2 * N), pence: String(2 * N * 2250) },
    ]);
    // The old plan read all of orders once per new ticket: 3,000 x ~1,500 = ~4.5 million rows.
    // Planned for the rows at hand, orders is read a few times at most (a hash join, the FOR SHARE).
    expect(readByScans).toBeLessThan(10 * N);

    const deleted = await t.app.db.transaction(async (tx) => {
      const before = await ordersReadByScans(tx);
      await tx.execute(sql`DELETE FROM tickets WHERE event_id = ${big.id}`);
      const readByScans = (await ordersReadByScans(tx)) - before;
      const [left] = rowsOf<{ tickets: string }>(
        await tx.execute(
          sql`SELECT coalesce(sum(tickets), 0)::text AS tickets FROM sales_ledger WHERE event_id = ${big.id}`,
        ),
      );
      return { readByScans, left: left!.tickets };
    });
    expect(deleted.left).toBe('0');
    expect(deleted.readByScans).toBeLessThan(10 * N);
  }, 120_000);
});
