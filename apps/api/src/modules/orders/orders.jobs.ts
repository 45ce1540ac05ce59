/** Queue names of the orders module (handlers in index.ts). */
export const ORDER_JOBS = {
  /** { messageId }: mails a message's unsent recipients at a steady rate, marking each one sent. */
  sendEventMessage: 'orders.send-event-message',
} as const;
