import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { MAX_TICKETS_PER_ACCOUNT_PER_EVENT } from '@fourfour/shared/constants';

/**
 * "One account holds at most 10 tickets of an event" in SQL, for the hold statement (which decides
 * the hold in one statement). The TypeScript form is exceedsAccountTicketLimit in
 * packages/shared/src/ticket-limit.ts; ticket-limit.test.ts runs both on the same random counts
 * (exactly 10 included) and fails when they disagree. True while the account stays within it.
 */
export const withinAccountTicketLimitSql = (owned: SQLWrapper, adding: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(${owned} + ${adding} <= ${sql.raw(String(MAX_TICKETS_PER_ACCOUNT_PER_EVENT))})`;
