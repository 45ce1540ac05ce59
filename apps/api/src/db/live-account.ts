import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The one home of the rule every authenticated request applies to its access token's account: not
 * deleted or disabled, its sessions not ended since the token (same session version), and the
 * token's own session (signed-in device) still live: this user's, not signed out (revoked_at).
 * Logout, "sign out" of a device and a detected refresh-token theft revoke the session row, so the
 * access token stops working on its next request, on every instance.
 *
 * Three forms, kept in step: `isLiveAccount` (the auth plugin's account read, with `liveSession`
 * as one of its columns), `liveAccount` (statements that check the account themselves, such as the
 * hold), and the door scan's SQL function scan_tickets (migration 0008), which joins the same way.
 */

/**
 * Whether session `sessionId` of the `users` row in scope is live: a primary-key probe, true or
 * false. (The column is named in full: drizzle writes a one-table select's columns unqualified.)
 */
export const liveSession = (sessionId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM sessions WHERE sessions.id = ${sessionId} AND sessions.user_id = "users"."id" AND sessions.revoked_at IS NULL)`;

/** The account state the auth plugin reads, with `liveSession` as `sessionLive`. */
export interface AccountState {
  deleted: boolean;
  disabled: boolean;
  sessionVersion: number;
  sessionLive: boolean;
}

/** The rule, on a row read with the token's claims. */
export const isLiveAccount = <T extends AccountState>(
  row: T | undefined,
  claims: { sessionVersion: number },
): row is T =>
  !!row && !row.deleted && !row.disabled && row.sessionVersion === claims.sessionVersion && row.sessionLive;

/**
 * The rule in SQL: the account behind a session's claims, as a query of at most one row (id, role,
 * verification_status); an account or a session that fails the rule has none.
 */
export const liveAccount = (userId: SQLWrapper, sessionVersion: SQLWrapper, sessionId: SQLWrapper) =>
  sql`SELECT id, role, verification_status FROM users WHERE id = ${userId} AND session_version = ${sessionVersion} AND NOT deleted AND NOT disabled AND ${liveSession(sessionId)}`;
