import { api } from '../../../lib/api.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { fetchCurrentUser } from '../../../lib/auth-session.ts';
import { getAccessToken, getSession, setSession } from '../../../lib/session.ts';

/** Whether the scanner has a live session: yes, no signal to tell, or signed out (sign in again). */
export type DoorSession = 'live' | 'offline' | 'signed-out';

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Sign in again to scan and to send offline admissions.';

let resuming: Promise<DoorSession> | null = null;

/**
 * The session, restored from the refresh cookie when the scanner opened with no signal (the access
 * token lives in memory only). Shared while in flight; it never sends the page to /login.
 */
export function resumeDoorSession(): Promise<DoorSession> {
  if (getSession().user && getAccessToken()) return Promise.resolve('live');
  if (!resuming) {
    resuming = (async (): Promise<DoorSession> => {
      try {
        const token = await api.fetchNewAccessToken();
        const user = await fetchCurrentUser();
        setSession(getAccessToken() ?? token, user);
        return 'live';
      } catch (error) {
        return isApiError(error) && error.isNetworkError ? 'offline' : 'signed-out';
      } finally {
        resuming = null;
      }
    })();
  }
  return resuming;
}

/**
 * A call of the door's: unlike other pages, a lost signal must not sign the scanner out and send it
 * to /login. No answer throws ApiError with status null (the caller goes offline); a 401 is
 * answered by one silent refresh and one retry, and a session that cannot be restored throws 401.
 */
export async function doorCall<T>(call: (options: { retryOnUnauthorized: false }) => Promise<T>): Promise<T> {
  if (!getAccessToken()) {
    const session = await resumeDoorSession();
    if (session === 'offline') throw new ApiError(null, undefined);
    if (session === 'signed-out') throw new ApiError(401, { message: SIGNED_OUT_MESSAGE });
  }
  try {
    return await call({ retryOnUnauthorized: false });
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    try {
      await api.fetchNewAccessToken();
    } catch (refresh) {
      if (isApiError(refresh) && refresh.isNetworkError) throw refresh;
      throw new ApiError(401, { message: SIGNED_OUT_MESSAGE });
    }
    return call({ retryOnUnauthorized: false });
  }
}
