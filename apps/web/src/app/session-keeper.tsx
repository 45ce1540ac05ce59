import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../lib/api.ts';
import { isPublicAuthPath } from '../lib/auth-pages.ts';
import { useSession } from '../lib/session.ts';
import { computeRefreshDelayMs } from '../lib/token-timing.ts';

/**
 * Keeps a signed-in session alive: refreshes 60 s before the access token expires (spec 01 §4),
 * except on the public auth pages. A failed refresh clears the session and goes to /login.
 */
export function SessionKeeper() {
  const { accessToken, status } = useSession();
  const { pathname } = useLocation();
  const onAuthPage = isPublicAuthPath(pathname);

  useEffect(() => {
    if (status !== 'authenticated' || !accessToken || onAuthPage) return;
    const timer = window.setTimeout(() => {
      void api.refreshSession();
    }, computeRefreshDelayMs(accessToken));
    return () => window.clearTimeout(timer);
  }, [accessToken, status, onAuthPage]);

  return null;
}
