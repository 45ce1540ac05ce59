/**
 * Two-factor sign-in required for admin tools (REQUIRE_MFA_ROLES): the 403 answer's code and
 * message. Kept apart from auth.ts, which carries the zod schemas, because the web client's shell
 * (every page's first load) reacts to this answer and must not load zod for it.
 */
export const MFA_REQUIRED_CODE = 'MFA_REQUIRED';
export const MFA_REQUIRED_MESSAGE = 'Set up two-factor authentication on your account page before using admin tools.';
