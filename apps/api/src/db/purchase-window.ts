import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PURCHASE_CLOSES_HOURS_BEFORE } from '@fourfour/shared/constants';

/**
 * "Purchase closes 2 hours before start" in SQL, for the hold statement (one statement decides the
 * hold, so the rule must be in it). The TypeScript form, which the web and the API's messages use,
 * is isPurchaseWindowClosed in packages/shared/src/purchase-window.ts; purchase-window.test.ts runs
 * both on the same random instants (exactly 2 hours included) and fails when they disagree.
 *
 * True while the sale is open: the start is more than 2 hours after `now` (closed at exactly 2).
 */
export const purchaseWindowOpenSql = (startsAt: SQLWrapper, now: SQLWrapper = sql`now()`): SQL<boolean> =>
  sql<boolean>`(${startsAt} > ${now} + make_interval(hours => ${sql.raw(String(PURCHASE_CLOSES_HOURS_BEFORE))}))`;
