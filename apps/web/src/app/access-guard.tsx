import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
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
 * two-factor sign-in (MFA_REQUIRED) shows how to turn it on instead. A route marked `offline` opens
 * when the session restore found no server (no signal) rather than a refusal: the page itself then
 * decides (the door scanner opens for the staff last signed in on the device, else goes to /login).
 */
export function AccessGuard({
  access,
  offline,
  opensWithToken,
  pending,
  children,
}: {
  access: RouteAccess;
  offline?: true;
  opensWithToken?: true;
  /** Shown while the session is being restored instead of the loader: the route's first view. */
  pending?: ReactNode;
  children: ReactNode;
}) {
  // Deferred: the page that opens once the session is known is rendered in slices that yield to the
  // browser (a concurrent render), not in one long task, which on a slow phone holds up input.
  const session = useDeferredValue(useSession());
  const location = useLocation();
  const isAdminPage = access.kind === 'roles' && access.roles.every((role) => ADMIN_ROLES.includes(role));
  const mfaRequired = useMfaRequiredAt(location.pathname) && isAdminPage;
  useEffect(() => forgetMfaRequiredElsewhere(location.pathname), [location.pathname]);

  switch (decideAccess(access, session, opensWithToken)) {
    case 'allow':
      return mfaRequired ? <MfaRequiredNotice /> : children;
    case 'wait':
      return pending ?? <FullPageLoader label="Restoring your session…" />;
    case 'login': {
      if (offline && session.unreachable) return children;
      return (
        <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
      );
    }
    case 'home':
      return <Navigate to="/" replace />;
  }
}
