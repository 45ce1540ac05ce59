import { z } from 'zod';

/** The signed-in devices of an account (GET/DELETE /api/account/sessions), shared by the API and the account page. */

export const SESSION_MESSAGES = {
  signedOut: 'That device is signed out.',
  signedOutOthers: 'Every other device is signed out.',
  notFound: 'That device is not signed in.',
  loadFailed: 'We could not load your signed-in devices. Please try again.',
  signOutFailed: 'We could not sign that device out. Please try again.',
} as const;

export const SignedInDevice = z.object({
  id: z.uuid(),
  /** When the password sign-in that started it happened. */
  createdAt: z.iso.datetime(),
  /** The last refresh of its access token. */
  lastUsedAt: z.iso.datetime(),
  /** A readable name from its User-Agent, such as "Chrome on Android". */
  browser: z.string(),
  /** The device making this request. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof SignedInDevice>;

export const SignedInDevices = z.array(SignedInDevice);
export type SignedInDevices = z.infer<typeof SignedInDevices>;

export const SessionIdParams = z.object({ id: z.uuid() });
export type SessionIdParams = z.infer<typeof SessionIdParams>;
