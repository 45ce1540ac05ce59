/** Queue names of the tickets module (handlers in index.ts). */
export const TICKET_JOBS = {
  /** { orderId }: the buyer's email with each ticket's QR image and an .ics file. */
  orderEmail: 'tickets.order-email',
  /** { orderId }: a full refund through the provider (idempotency key refund:<order>). */
  refundOrder: 'tickets.refund-order',
  /** Periodic: releases holds whose 30 minutes are up. */
  releaseExpiredHolds: 'tickets.release-expired-holds',
  /** Periodic: asks the provider about checkouts still pending, so a lost webhook loses nothing. */
  reconcileCheckouts: 'tickets.reconcile-checkouts',
  /** Periodic: attendee data on a deleted account's tickets is purged once the event is over. */
  purgeAttendeeData: 'tickets.purge-attendee-data',
} as const;
