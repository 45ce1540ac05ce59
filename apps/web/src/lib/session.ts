import type { AuthUser } from '@fourfour/shared/auth';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session, held in memory only (DESIGN.md: the access token never goes to
 * localStorage). On start-up the status is 'loading' until the refresh cookie has been tried.
 */
export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

/** { id, email, username, role }: the login answer's `user`, and GET /api/auth/me. */
export type SessionUser = AuthUser;

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  accessToken: string | null;
  /**
   * Signed out because the server could not be reached when the session was restored (no signal),
   * not because it refused: the door scanner may then open for the staff last signed in on this
   * device (lib/door-staff.ts).
   */
  unreachable?: true;
}

const LOADING: Session = { status: 'loading', user: null, accessToken: null };
const ANONYMOUS: Session = { status: 'anonymous', user: null, accessToken: null };

let current: Session = LOADING;
const listeners = new Set<() => void>();

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

export function getAccessToken(): string | null {
  return current.accessToken;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Sign in: called with the login answer `{ accessToken, user }` or after a restore. */
export function setSession(accessToken: string, user: SessionUser): void {
  publish({ status: 'authenticated', user, accessToken });
}

/**
 * Replace the token after a refresh. The user stays as it was; while the session is still being
 * restored (no user known yet) the status stays 'loading'.
 */
export function setAccessToken(accessToken: string): void {
  publish({ ...current, accessToken });
}

/** Signed out; `unreachable` when the server could not be asked (see Session.unreachable). */
export function clearSession(reason?: 'unreachable'): void {
  publish(reason === 'unreachable' ? { ...ANONYMOUS, unreachable: true } : ANONYMOUS);
}

/** Back to the start-up state; for tests. */
export function resetSessionForTests(): void {
  publish(LOADING);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useCurrentUser(): SessionUser | null {
  return useSession().user;
}
