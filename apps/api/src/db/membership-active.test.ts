import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from '@fourfour/shared/enums';
import { isSubscriptionActive } from '@fourfour/shared/membership-active';
import { createTestDatabase } from '../../test/helpers.ts';
import { evaluateSql, instant } from '../../test/sql-expression.ts';
import type { Database } from './client.ts';
import { membershipActiveSql } from './membership-active.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const NOW = Date.parse('2026-07-01T12:00:00.000Z');
const DAY = 86_400_000;
/** No expiry, an expiry equal to now, a millisecond either side, or anywhere within a year. */
const expiry = fc.oneof(fc.constant(null), fc.constantFrom(0, -1, 1), fc.integer({ min: -365 * DAY, max: 365 * DAY }));

describe('membership is active', () => {
  it('is decided the same by the lists (SQL) and by the API and web (TypeScript) for any subscription', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SUBSCRIPTION_TIERS),
        fc.constantFrom(...SUBSCRIPTION_STATUSES),
        expiry,
        async (tier, status, offset) => {
          const expiresAt = offset === null ? null : NOW + offset;
          const active = await evaluateSql<boolean>(
            database,
            membershipActiveSql(
              {
                tier: sql`${tier}::subscription_tier`,
                status: sql`${status}::subscription_status`,
                expiresAt: instant(expiresAt),
              },
              instant(NOW),
            ),
          );
          expect(active).toBe(
            isSubscriptionActive(tier, status, expiresAt === null ? null : new Date(expiresAt), new Date(NOW)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has ended, on both sides, when the expiry is exactly now', async () => {
    const columns = {
      tier: sql`'ENTRY'::subscription_tier`,
      status: sql`'CANCELLED'::subscription_status`,
      expiresAt: instant(NOW),
    };
    expect(await evaluateSql<boolean>(database, membershipActiveSql(columns, instant(NOW)))).toBe(false);
    expect(isSubscriptionActive('ENTRY', 'CANCELLED', new Date(NOW), new Date(NOW))).toBe(false);
  });
});
