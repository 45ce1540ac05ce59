import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { MfaRequiredNotice } from '../components/mfa-required-notice.tsx';
import { forgetMfaRequiredElsewhere, useMfaRequiredAt } from '../lib/mfa-required.ts';
import { useSession } from '../lib/session.ts';
import { decideAccess, type RouteAccess } from './route-table.ts';

/**
 * Login-guarded routes send a visitor to /login with `state.from` (the login page sends them
 * back); a signed-in user with the wrong role goes home. While the session is being restored a
 * loader shows instead of a premature redirect. An admin page the server refused for want of
 * two-factor sign-in (MFA_REQUIRED) shows how to turn it on instead.
 */
export function AccessGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const isAdminPage = access.kind === 'roles' && access.roles.every((role) => ADMIN_ROLES.includes(role));
  const mfaRequired = useMfaRequiredAt(location.pathname) && isAdminPage;
  useEffect(() => forgetMfaRequiredElsewhere(location.pathname), [location.pathname]);

  switch (decideAccess(access, session)) {
    case 'allow':
      return mfaRequired ? <MfaRequiredNotice /> : children;
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
