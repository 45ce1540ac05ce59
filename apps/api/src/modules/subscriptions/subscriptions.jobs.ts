/** Durable job names of the memberships module (handlers in index.ts). */
export const SUBSCRIPTION_JOBS = {
  /** UNDERAGE: cancel now at the provider, no further charges (retried until it succeeds). */
  cancelNow: 'subscriptions.cancel-now',
  /** Account deleted: stop renewing; the plan runs to the end of the period paid. */
  cancelAtPeriodEnd: 'subscriptions.cancel-at-period-end',
  /** { subscriptionId, sessionId, userId }: a second paid subscription was cancelled; its first payment is refunded. */
  refundDuplicate: 'subscriptions.refund-duplicate',
  /** A lost webhook loses nothing: subscriptions whose period ended are re-read from the provider. */
  reconcile: 'subscriptions.reconcile',
} as const;
