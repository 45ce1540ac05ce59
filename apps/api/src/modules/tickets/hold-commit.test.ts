import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createEvent, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { holdStatement, type HoldParams } from './hold-statement.ts';
import { draft, reserve, stockOf } from './tickets.test-kit.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

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
    const params: HoldParams = {
      userId: buyer.id,
      sessionVersion: 0,
      sessionId: buyer.sessionId,
      eventId: event.id,
      standardQty: 1,
      vipQty: 0,
      freeQty: 0,
      percentPaid: 100,
      drafts: JSON.stringify([{ ...draft(), useFreeTicket: false }]),
      affiliateId: null,
      unlockCode: null,
    };
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
