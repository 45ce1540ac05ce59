import { z } from 'zod';
import { isAdult, isRealDate } from './auth-rules.ts';
import { TICKET_STATUSES } from './enums.ts';
import { ORDER_MESSAGES } from './orders.ts';
import { TICKET_MESSAGES } from './tickets.ts';

/**
 * The back office's actions on one order (issue 21): resend its tickets, change an attendee, refund
 * some or all of its tickets. Shapes and messages shared by the API and the admin's screens; the
 * attendee rule (who may change it, until when) is in attendee-change.ts.
 */
export const ORDER_ACTION_MESSAGES = {
  orderNotFound: ORDER_MESSAGES.orderNotFound,
  ticketNotFound: TICKET_MESSAGES.ticketNotFound,
  resendNotPaid: 'Only a paid order can have its tickets sent again (this one is not paid, or was refunded).',
  resent: 'The tickets are on their way to the buyer again.',
  resendNoAddress: 'The buyer has no email address on their account, so the tickets cannot be sent.',
  refundNotPaid: 'Only a paid order can be refunded (this one is not paid, or was refunded in full).',
  refundTicketNotInOrder: 'One of the chosen tickets is not part of this order.',
  refundTicketVoid: 'One of the chosen tickets is already void (refunded or cancelled).',
  refundReasonRequired: 'Please give a reason for the refund.',
  refundPickTickets: 'Please choose at least one ticket to refund.',
  refundInProgress: 'These tickets are already being refunded. Please wait a moment and reload the order.',
  refundProviderFailed: 'The payment provider did not complete the refund. Nothing was changed; try again.',
  refundRetryFailedFirst:
    'A refund of some of these tickets failed earlier. Retry that refund first (the same tickets), so the payment provider is never asked twice.',
  refundDone: 'The refund has been made and the buyer has been emailed.',
  refundScannedNeedsForce: (names: string) =>
    `Already admitted at the door: ${names}. Tick "Refund admitted tickets too" to refund it anyway.`,
} as const;

export { OrderIdParams } from './orders.ts';
export const TicketIdParams = z.object({ id: z.uuid({ message: 'Ticket id must be a UUID.' }) });

const nameField = z
  .string({ error: TICKET_MESSAGES.fillAllFields })
  .trim()
  .min(1, TICKET_MESSAGES.fillAllFields)
  .max(100);

/**
 * PATCH /api/admin/tickets/{id} and PATCH /api/account/my-tickets/{id}/attendee: the same rules as
 * at purchase (every field filled, a real date of birth, 18 or over today, so also on the night).
 */
export const AttendeeChangeBody = z.object({
  firstName: nameField,
  lastName: nameField,
  dateOfBirth: z
    .string({ error: TICKET_MESSAGES.fillAllFields })
    .trim()
    .min(1, TICKET_MESSAGES.fillAllFields)
    .max(20)
    .refine(isRealDate, { message: TICKET_MESSAGES.attendeesAdult, abort: true })
    .refine((v) => isAdult(v), TICKET_MESSAGES.attendeesAdult),
});
export type AttendeeChangeBody = z.infer<typeof AttendeeChangeBody>;

/** The ticket after its attendee changed (same id, same QR). */
export const AttendeeChangeResponse = z.object({
  ticketId: z.string(),
  orderId: z.string(),
  status: z.enum(TICKET_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  message: z.string(),
});
export type AttendeeChangeResponse = z.infer<typeof AttendeeChangeResponse>;

export const ResendResponse = z.object({
  orderId: z.string(),
  /** The account's current address, where the mail goes. */
  email: z.string(),
  message: z.string(),
});
export type ResendResponse = z.infer<typeof ResendResponse>;

/** POST /api/admin/orders/{id}/refund. A double click sends the same ticket ids: one refund. */
export const RefundBody = z.object({
  ticketIds: z.array(z.uuid()).min(1, ORDER_ACTION_MESSAGES.refundPickTickets).max(50),
  reason: z
    .string({ error: ORDER_ACTION_MESSAGES.refundReasonRequired })
    .trim()
    .min(1, ORDER_ACTION_MESSAGES.refundReasonRequired)
    .max(500),
  /** Needed to refund a ticket already admitted at the door. */
  force: z.boolean().default(false),
});
export type RefundBody = z.input<typeof RefundBody>;

export const RefundResponse = z.object({
  refundId: z.string(),
  orderId: z.string(),
  ticketIds: z.array(z.string()),
  /** Pounds: what this refund paid back. */
  amount: z.number(),
  /** Pounds: everything refunded on the order so far. */
  refundedTotal: z.number(),
  /** PAID while some ticket is still valid, REFUNDED once none is. */
  orderStatus: z.string(),
  message: z.string(),
});
export type RefundResponse = z.infer<typeof RefundResponse>;
