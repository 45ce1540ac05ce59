import type { AppModule } from '../module.ts';
import authRoutes from './auth.routes.ts';
import { sweepPasswordThrottles } from './password-throttle.service.ts';

/** Sign-up, email verification, sign-in (password, TOTP), sessions and password reset. */
export const authModule: AppModule = {
  name: 'auth',
  routes: [{ plugin: authRoutes, prefix: '/auth' }],
  jobs: [
    // Throttle rows nobody will read again, swept hourly on one instance.
    { name: 'maintenance.auth-throttles', cron: '41 * * * *', handle: (app) => sweepPasswordThrottles(app.db) },
  ],
};

/** What other modules may use of this one (the only way in: .dependency-cruiser.cjs). */
export {
  type DeviceInfo,
  endOtherSessions,
  endUserSession,
  type IssuedSession,
  revokeAllSessions,
  startSession,
} from './sessions.service.ts';
export { checkAccountPassword } from './password-throttle.service.ts';
export { sendSecurityNotice } from './security-notice.email.ts';
export { consumeTotpCode, encryptTotpSecret, newTotpSecret } from './totp.ts';
export { clearRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';
