/**
 * The one home of "the account is live", the rule every authenticated request applies to its
 * access token's account: not deleted or disabled, its sessions not ended since the token (same
 * session version), and the token's own session (signed-in device) still live: this user's, not
 * signed out. The SQL form is the function live_account (migration 0008), which the hold statement
 * and the door's scan_tickets read; apps/api/src/db/live-account.test.ts runs both on the same
 * random accounts and sessions and fails when they disagree.
 */
export interface AccountState {
  deleted: boolean;
  disabled: boolean;
  sessionVersion: number;
  /** Whether the token's session row is this user's and not signed out (read by liveSession in the API). */
  sessionLive: boolean;
}

/** The rule, on a row read with the token's claims. */
export const isLiveAccount = <T extends AccountState>(
  row: T | undefined,
  claims: { sessionVersion: number },
): row is T =>
  !!row && !row.deleted && !row.disabled && row.sessionVersion === claims.sessionVersion && row.sessionLive;
