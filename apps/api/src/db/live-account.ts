import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AuthUser } from '@fourfour/shared/auth';
import type { Role } from '@fourfour/shared/enums';
import { isLiveAccount } from '@fourfour/shared/live-account';

/**
 * "The account is live" for the API (the rule itself: packages/shared/src/live-account.ts). Logout,
 * "sign out" of a device and a detected refresh-token theft revoke the session row, so the access
 * token stops working on its next request, on every instance.
 *
 * Two forms, held together by live-account.test.ts: `isLiveAccount` (TypeScript: the auth plugin's
 * account read, with `liveSession` as one of its columns, and the free-ticket path's locked read)
 * and the SQL function live_account (migration 0008), which `liveAccount` (the hold statement) and
 * the door's scan_tickets read.
 */
export { isLiveAccount };

/**
 * A live account as its own client sees it: the login answer, the refresh answer and
 * /api/auth/me give the same (a live account has an email and a username; a deleted one has none).
 */
export function authUserOf(row: { id: number; email: string | null; username: string | null; role: Role }): AuthUser {
  return { id: row.id, email: row.email ?? '', username: row.username ?? '', role: row.role };
}

/**
 * Whether session `sessionId` of the `users` row in scope is live: a primary-key probe, true or
 * false, the input `sessionLive` of isLiveAccount. (The column is named in full: drizzle writes a
 * one-table select's columns unqualified.)
 */
export const liveSession = (sessionId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM sessions WHERE sessions.id = ${sessionId} AND sessions.user_id = "users"."id" AND sessions.revoked_at IS NULL)`;

/**
 * The rule in SQL: the account behind a session's claims, as a query of at most one row (id, role,
 * verification_status); an account or a session that fails the rule has none.
 */
export const liveAccount = (userId: SQLWrapper, sessionVersion: SQLWrapper, sessionId: SQLWrapper) =>
  sql`SELECT id, role, verification_status FROM live_account(${userId}, ${sessionVersion}, ${sessionId})`;
