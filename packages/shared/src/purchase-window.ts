import { PURCHASE_CLOSES_HOURS_BEFORE } from './constants.ts';

/**
 * The one home of "purchase closes 2 hours before start" (DESIGN.md, spec 01: Purchase closes),
 * zod-free so the web shell can import it. At exactly 2 hours before the start the sale is
 * closed: it stays open only while the start is MORE than 2 hours away. The API's hold statement
 * says the same in SQL (apps/api/src/db/purchase-window.ts, checked against this on random
 * instants by its property test).
 */
export const PURCHASE_CLOSES_MS_BEFORE = PURCHASE_CLOSES_HOURS_BEFORE * 3_600_000;

export function isPurchaseWindowClosed(startsAt: Date | string | number, now: Date | number = Date.now()): boolean {
  const start = startsAt instanceof Date ? startsAt.getTime() : new Date(startsAt).getTime();
  const at = now instanceof Date ? now.getTime() : now;
  return start - at <= PURCHASE_CLOSES_MS_BEFORE;
}
