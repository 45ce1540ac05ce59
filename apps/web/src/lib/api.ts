import { createApiClient } from './api-client.ts';
import { MFA_REQUIRED_CODE } from '@fourfour/shared/mfa';
import { isOnPublicAuthPage } from './auth-pages.ts';
import { markMfaRequired } from './mfa-required.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { clearSession, getAccessToken, setAccessToken } from './session.ts';

/** The app's one API client, bound to the in-memory session. Same origin: the API serves /api. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  tokens: { getAccessToken, setAccessToken, clear: clearSession },
  isOnAuthPage: isOnPublicAuthPage,
  onSessionExpired: () => {
    if (!isOnPublicAuthPage()) {
      navigateTo({ to: '/login', state: { from: currentPath() }, replace: true });
    }
  },
  // An admin route refused for want of two-factor sign-in: the page shows how to turn it on.
  onApiError: (error) => {
    if (error.code === MFA_REQUIRED_CODE && typeof window !== 'undefined') markMfaRequired(window.location.pathname);
  },
});
