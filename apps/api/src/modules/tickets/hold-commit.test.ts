import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rowsRead } from '../../../test/rows-read.ts';
import { holdQuery, holdStatement, type HoldParams } from './hold-statement.ts';
import { draft, reserve, stockOf } from './tickets.test-kit.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** The hold statement's values for one STANDARD ticket at full price, as a buyer's request gives them. */
const oneTicket = (buyer: TestUser, eventId: number): HoldParams => ({
  userId: buyer.id,
  sessionVersion: 0,
  sessionId: buyer.sessionId,
  eventId,
  standardQty: 1,
  vipQty: 0,
  freeQty: 0,
  percentPaid: 100,
  drafts: JSON.stringify([{ ...draft(), useFreeTicket: false }]),
  affiliateId: null,
  unlockCode: null,
});

/**
 * The server sends the hold as a named prepared statement, and each connection keeps its plan. A
 * plan made while reservations was small must still read only the buyer's own holds once the table
 * holds a flash sale's: the ticket limit once walked every live hold of every event for each hold
 * (issue 19, found by the flash-sale benchmark on a database never analysed, as PGlite always is).
 */
describe('the hold statement’s plan, made on a new database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: { work: false } });
  });
  afterAll(async () => t?.close());

  for (const onePriceHold of [false, true])
    it(`reads only the buyer’s own live holds, however many live holds other buyers and events have (${onePriceHold ? 'the one-price statement' : 'the whole statement'})`, async () => {
      const buyer = await createUser(t.app);
      const other = await createUser(t.app);
      const busy = await createEvent(t.app, { totalStandard: 2000 });
      const quiet = await createEvent(t.app, { totalStandard: 5 });
      const { text, values } = holdQuery(oneTicket(buyer, quiet.id), { onePriceHold });
      const { held, fetched } = await t.app.db.transaction(async (tx) => {
        // A flash sale under way: live holds of another event, and of this one by another account.
        const holdsOfOthers = (n: number) =>
          tx.execute(sql`
          INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, items, total_pence, expires_at)
          SELECT ${other.id}::bigint, CASE WHEN g % 4 = 0 THEN ${quiet.id}::bigint ELSE ${busy.id}::bigint END, 'HELD',
            1, 0, '[]'::jsonb, 2000, now() + interval '20 minutes'
          FROM generate_series(1, ${n}::int) g`);
        // One connection; its plan is made at the first hold, with 500 holds in the table, and kept.
        await holdsOfOthers(500);
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`PREPARE plan_test_hold AS ${text}`));
        // EXECUTE takes no bound parameters: the values go in as quoted literals (the test's own).
        const literals = values.map((v) => (v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
        const hold = async () =>
          rowsOf<{ id: string | null }>(await tx.execute(sql.raw(`EXECUTE plan_test_hold(${literals})`)))[0]!.id;
        const first = await hold();
        await holdsOfOthers(1500);
        // The reservation rows read by this transaction (the database's own counters).
        const read = () => rowsRead(tx, 'reservations');
        const before = await read();
        const held = [first, await hold(), await hold()];
        const fetched = (await read()) - before;
        await tx.execute(sql`DEALLOCATE plan_test_hold`);
        return { held, fetched };
      });
      expect(held).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
      // The ticket limit counts the buyer's holds of the event: 1 and 2 rows. Walking every live
      // hold read ~2,000 rows for each (with only the (user, event) and expiring indexes, a plan made
      // with 300 to 1,000 rows and no statistics did).
      expect(fetched).toBeLessThan(20);
    });
});

/** Issue 19, the flash sale: what the hold statement commits, and what a refusal writes. */
describe('the hold statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  });
  afterAll(async () => t?.close());

  const xminOf = async (userId: number) =>
    rowsOf<{ xmin: string }>(await t.app.db.execute(sql`SELECT xmin::text AS xmin FROM users WHERE id = ${userId}`))[0]!
      .xmin;

  it('commits its own transaction asynchronously, and only that transaction', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 5 });
    const params = oneTicket(buyer, event.id);
    const inside = await t.app.db.transaction(async (tx) => {
      const before = rowsOf<{ synchronous_commit: string }>(await tx.execute(sql`SHOW synchronous_commit`))[0];
      const [held] = rowsOf<{ id: string | null }>(await tx.execute(holdStatement((name) => sql`${params[name]}`)));
      const after = rowsOf<{ synchronous_commit: string }>(await tx.execute(sql`SHOW synchronous_commit`))[0];
      return { before: before!.synchronous_commit, held: held!.id, after: after!.synchronous_commit };
    });
    expect(inside.held).toEqual(expect.any(String));
    expect([inside.before, inside.after]).toEqual(['on', 'off']);
    // The setting ended with the hold's transaction: the next one commits synchronously again.
    const next = rowsOf<{ synchronous_commit: string }>(await t.app.db.execute(sql`SHOW synchronous_commit`))[0];
    expect(next!.synchronous_commit).toBe('on');
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(1);
  });

  it('takes the buyer’s row only while the event has the stock: a refusal once sold out writes nothing', async () => {
    const event = await createEvent(t.app, { totalStandard: 1 });
    const first = await createUser(t.app);
    expect((await reserve(t.app, first, event.id, [draft()])).statusCode).toBe(200);
    const late = await createUser(t.app);
    const before = await xminOf(late.id);
    const refused = await reserve(t.app, late, event.id, [draft()]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_ENOUGH_STOCK');
    expect(await xminOf(late.id)).toBe(before);
    // A hold that succeeds does take it (a new row version, which a parallel hold of the account waits on).
    const open = await createEvent(t.app, { totalStandard: 3 });
    expect((await reserve(t.app, late, open.id, [draft()])).statusCode).toBe(200);
    expect(await xminOf(late.id)).not.toBe(before);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, late.id));
    expect(row).toBeDefined();
  });
});
