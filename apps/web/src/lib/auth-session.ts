import { ROLES } from '@fourfour/shared/enums';
import { api } from './api.ts';
import { isApiError, LOGOUT_PATH } from './api-client.ts';
import { navigateTo } from './navigation.ts';
import { clearSession, getSession, type SessionUser, setSession } from './session.ts';

/**
 * The shape of GET /api/auth/me (and the login answer's `user`), checked by hand rather than with
 * the shared zod schema: this runs on every page load, and keeping zod out of the first load saves
 * ~26 kB (bench/web-size.ts).
 */
export function toSessionUser(body: unknown): SessionUser {
  const u = body as Partial<SessionUser> | null;
  if (
    typeof u?.id !== 'number' ||
    typeof u.email !== 'string' ||
    typeof u.username !== 'string' ||
    !(ROLES as readonly unknown[]).includes(u.role)
  ) {
    throw new Error('Unexpected answer from /api/auth/me.');
  }
  return { id: u.id, email: u.email, username: u.username, role: u.role as SessionUser['role'] };
}

/** GET /api/auth/me → the signed-in user. */
export function fetchCurrentUser(): Promise<SessionUser> {
  return api.get('/api/auth/me', { schema: { parse: toSessionUser }, retryOnUnauthorized: false });
}

let restoring: Promise<void> | null = null;

/** The refresh answer's user, or null when it has none (an older server's answer) or not in shape. */
function userOf(answer: unknown): SessionUser | null {
  try {
    return toSessionUser(answer);
  } catch {
    return null;
  }
}

/**
 * On start-up: ask POST /api/auth/refresh once; with a token, the user is in its answer (else
 * asked of /api/auth/me: one round trip more before a signed-in page can ask for its data).
 * Any failure leaves a visitor signed out without redirecting (public pages stay public).
 */
export function restoreSession(): Promise<void> {
  if (!restoring) {
    restoring = (async () => {
      try {
        const answer = await api.fetchNewSession();
        const user = userOf(answer.user) ?? (await fetchCurrentUser());
        setSession(getSession().accessToken ?? answer.token, user);
      } catch (error) {
        // No answer at all (no signal): signed out, but the door scanner may still open offline.
        clearSession(isApiError(error) && error.isNetworkError ? 'unreachable' : undefined);
      }
    })();
  }
  return restoring;
}

/** POST /api/auth/logout (no bearer), clear the session, go to /login. */
export async function logout(): Promise<void> {
  try {
    await api.send(LOGOUT_PATH, { method: 'POST' });
  } catch {
    // Signing out locally must not depend on the network; the cookie expires on its own.
  }
  // The door scanner's memory of this phone (loaded here only, to keep it out of the first load).
  await import('./door-staff.ts').then((m) => m.forgetDoorStaff()).catch(() => {});
  clearSession();
  navigateTo({ to: '/login', replace: true });
}

/**
 * Where to go after logging in: the guarded page the user came from (location.state.from),
 * only when it is a path on this site; otherwise home.
 */
export function redirectTargetFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  let path: string | null = null;
  if (typeof from === 'string') path = from;
  else if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const location = from as { pathname: unknown; search?: unknown; hash?: unknown };
    path = `${String(location.pathname)}${String(location.search ?? '')}${String(location.hash ?? '')}`;
  }
  if (path === null || !/^\/(?![/\\])/.test(path)) return '/';
  if (path === '/login' || path.startsWith('/login?')) return '/';
  return path;
}
