import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rowsRead } from '../../../test/rows-read.ts';
import { SCAN_SQL } from './scan-batch.ts';
import { issueTickets } from './scan.test-kit.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const HOUR = 3_600_000;

/**
 * scan_tickets (migration 0023) keeps its plans for the connection's life. A plan made on a new
 * database, before any statistics, walked every ticket for each batch once the night's tickets
 * had grown (issue 19, found by the door bench); it must look up the batch's tickets, and the
 * scanner's account, by key.
 */
describe('scan_tickets, planned on a new database', () => {
  let t: TestApp;
  let door: TestUser;
  let holder: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ jobs: { work: false } });
    door = await createUser(t.app, { role: 'EVENT_WORKER' });
    holder = await createUser(t.app);
  });
  afterAll(() => t?.close());

  it('reads only the batch’s tickets, with a plan made when the event had one ticket', async () => {
    const event = await createEvent(t.app, {
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + 5 * HOUR),
    });
    const [first] = await issueTickets(t.app, holder, event.id, 1);
    const scanBatch = (tx: Pick<DbOrTx, 'execute'>, ticketIds: string[]) =>
      tx.execute(
        sql.raw(
          SCAN_SQL.replace(
            '$1::jsonb',
            `'${JSON.stringify(
              ticketIds.map((ticket, i) => ({
                i,
                ticket,
                scanner: door.id,
                sv: 0,
                sid: door.sessionId,
                device: 'plan test',
              })),
            )}'::jsonb`,
          ),
        ),
      );
    const { outcomes, ticketsRead, usersRead } = await t.app.db.transaction(async (tx) => {
      // One connection; the plan is made at the first scan, with one ticket in the table, and kept.
      await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      const firstScan = rowsOf<{ outcome: string }>(await scanBatch(tx, [first!.id]));
      // The night's tickets arrive: 3,000 more, in one insert.
      const more = rowsOf<{ id: string }>(
        await tx.execute(sql`
          INSERT INTO tickets (order_id, event_id, user_id, ticket_type, first_name, last_name, date_of_birth, price_paid_pence)
          SELECT (SELECT order_id FROM tickets WHERE id = ${first!.id}), ${event.id}, ${holder.id}, 'STANDARD',
            'Guest', 'Number ' || g, '1990-01-01', 2000
          FROM generate_series(1, 3000) g
          RETURNING id`),
      );
      const tickets0 = await rowsRead(tx, 'tickets');
      const users0 = await rowsRead(tx, 'users');
      // Two batches: two new tickets, then one of them again and another.
      const second = rowsOf<{ outcome: string }>(await scanBatch(tx, [more[0]!.id, more[1]!.id]));
      const third = rowsOf<{ outcome: string }>(await scanBatch(tx, [more[1]!.id, more[2]!.id]));
      return {
        outcomes: [...firstScan, ...second, ...third].map((r) => r.outcome),
        ticketsRead: (await rowsRead(tx, 'tickets')) - tickets0,
        usersRead: (await rowsRead(tx, 'users')) - users0,
      };
    });
    expect(outcomes).toEqual(['OK', 'OK', 'OK', 'ALREADY_USED', 'OK']);
    // Four tickets, each looked up a few times (locked, admitted, answered). Walking the table read
    // ~3,000 rows per batch.
    expect(ticketsRead).toBeLessThan(50);
    // The scanner's account by its key, per scan; not every live account of a staff role.
    expect(usersRead).toBeLessThan(50);
  });
});
