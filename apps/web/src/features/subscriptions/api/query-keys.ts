/** Every query key of the subscriptions feature (the account view is the account feature's useMe). */
export const subscriptionsKeys = {
  all: ['subscription'] as const,
  checkoutResult: (sessionId: string | null) => [...subscriptionsKeys.all, 'checkout-result', sessionId] as const,
};
