import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TICKETS_PER_ACCOUNT_PER_EVENT } from '@fourfour/shared/constants';
import { exceedsAccountTicketLimit } from '@fourfour/shared/ticket-limit';
import { createTestDatabase } from '../../test/helpers.ts';
import { evaluateSql } from '../../test/sql-expression.ts';
import type { Database } from './client.ts';
import { withinAccountTicketLimitSql } from './ticket-limit.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const count = fc.integer({ min: 0, max: 2 * MAX_TICKETS_PER_ACCOUNT_PER_EVENT });

describe('one account holds at most 10 tickets of an event', () => {
  it('is decided the same by the hold statement (SQL) and by TypeScript for any counts', async () => {
    await fc.assert(
      fc.asyncProperty(count, count, async (owned, adding) => {
        const within = await evaluateSql<boolean>(
          database,
          withinAccountTicketLimitSql(sql`${owned}::int`, sql`${adding}::int`),
        );
        expect(within).toBe(!exceedsAccountTicketLimit(owned, adding));
      }),
      { numRuns: 150 },
    );
  });

  it('allows exactly 10 and refuses 11, on both sides', async () => {
    for (const [owned, adding, allowed] of [
      [7, 3, true],
      [7, 4, false],
    ] as const) {
      expect(!exceedsAccountTicketLimit(owned, adding)).toBe(allowed);
      expect(
        await evaluateSql<boolean>(database, withinAccountTicketLimitSql(sql`${owned}::int`, sql`${adding}::int`)),
      ).toBe(allowed);
    }
  });
});
