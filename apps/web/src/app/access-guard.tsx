import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useSession } from '../lib/session.ts';
import { decideAccess, type RouteAccess } from './route-table.ts';

/**
 * Login-guarded routes send a visitor to /login with `state.from` (the login page sends them
 * back); a signed-in user with the wrong role goes home. While the session is being restored a
 * loader shows instead of a premature redirect.
 */
export function AccessGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  switch (decideAccess(access, session)) {
    case 'allow':
      return children;
    case 'wait':
      return <FullPageLoader label="Restoring your session…" />;
    case 'login':
      return (
        <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
      );
    case 'home':
      return <Navigate to="/" replace />;
  }
}
