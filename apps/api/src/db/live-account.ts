import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The account behind a session's claims, as a query of at most one row (id, role,
 * verification_status): a deleted or disabled account, or one whose sessions were ended, has none.
 * The same test the auth plugin's account read applies, for statements that check the account
 * themselves (requireSession routes).
 */
export const liveAccount = (userId: SQLWrapper, sessionVersion: SQLWrapper) =>
  sql`SELECT id, role, verification_status FROM users WHERE id = ${userId} AND session_version = ${sessionVersion} AND NOT deleted AND NOT disabled`;
