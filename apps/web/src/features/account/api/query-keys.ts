/** Every query key of the account feature: one factory, so one key has one set of options. */
export const accountKeys = {
  all: ['account'] as const,
  /** GET /api/account/me: the one copy of the signed-in user's account view (useMe). */
  me: () => [...accountKeys.all, 'me'] as const,
  devices: () => [...accountKeys.all, 'sessions'] as const,
  twoFactor: () => [...accountKeys.all, '2fa'] as const,
};
