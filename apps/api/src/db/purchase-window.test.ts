import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchaseWindowClosed, PURCHASE_CLOSES_MS_BEFORE } from '@fourfour/shared/purchase-window';
import { createTestDatabase } from '../../test/helpers.ts';
import { evaluateSql, instant } from '../../test/sql-expression.ts';
import type { Database } from './client.ts';
import { purchaseWindowOpenSql } from './purchase-window.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const NOW = Date.parse('2026-07-01T12:00:00.000Z');
const HOUR = 3_600_000;
/** Starts around the closing instant (exactly 2 hours and a millisecond either side) and anywhere within days. */
const startOffset = fc.oneof(
  fc.constantFrom(PURCHASE_CLOSES_MS_BEFORE, PURCHASE_CLOSES_MS_BEFORE - 1, PURCHASE_CLOSES_MS_BEFORE + 1, 0),
  fc.integer({ min: -72 * HOUR, max: 72 * HOUR }),
);

describe('purchase closes 2 hours before start', () => {
  it('is decided the same by the hold statement (SQL) and by the web and API (TypeScript) on any instant', async () => {
    await fc.assert(
      fc.asyncProperty(startOffset, fc.integer({ min: -HOUR, max: HOUR }), async (offset, shift) => {
        const now = NOW + shift;
        const startsAt = now + offset;
        const open = await evaluateSql<boolean>(database, purchaseWindowOpenSql(instant(startsAt), instant(now)));
        expect(open).toBe(!isPurchaseWindowClosed(startsAt, now));
      }),
      { numRuns: 200 },
    );
  });

  it('is closed at exactly 2 hours before the start on both sides', async () => {
    const startsAt = NOW + PURCHASE_CLOSES_MS_BEFORE;
    expect(isPurchaseWindowClosed(startsAt, NOW)).toBe(true);
    expect(await evaluateSql<boolean>(database, purchaseWindowOpenSql(instant(startsAt), instant(NOW)))).toBe(false);
    expect(await evaluateSql<boolean>(database, purchaseWindowOpenSql(sql`now() + interval '2 hours 1 second'`))).toBe(
      true,
    );
  });
});
