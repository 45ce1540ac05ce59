import { z } from 'zod';
import { TICKET_STATUSES, TICKET_TYPES } from './enums.ts';
import { CHECKOUT_STATES } from './ticket-rules.ts';

/**
 * Tickets: the request and response shapes, shared by the API and the client. The purchase rules
 * and their messages are in ticket-rules.ts (no zod), re-exported here.
 */
export * from './ticket-rules.ts';

// ---------- request and response shapes ----------

export const TicketTypeSchema = z.enum(TICKET_TYPES);

/** One ticket of the purchase form. Lenient shapes so the rule messages, not zod's, reach the user. */
export const TicketDraftInput = z.object({
  ticketType: TicketTypeSchema,
  firstName: z.string().max(100).default(''),
  lastName: z.string().max(100).default(''),
  dateOfBirth: z.string().max(20).default(''),
  useFreeTicket: z.boolean().default(false),
});
export type TicketDraftInput = z.input<typeof TicketDraftInput>;

export const ReserveBody = z.array(TicketDraftInput).max(50);
export type ReserveBody = z.input<typeof ReserveBody>;

export const ReserveQuery = z.object({
  eventId: z.coerce.number().int().positive(),
  affiliateCode: z.string().trim().max(64).optional(),
  /** A presale code (issue 20): opens the event's hidden releases that have it. */
  unlockCode: z.string().trim().max(64).optional(),
});

export const ReserveResponse = z.object({
  reservationToken: z.string(),
  expiresAt: z.string(),
  /** Pounds. */
  totalAmount: z.number(),
  /**
   * Each ticket's price in pounds, in the order sent, with the release it was held in (null when
   * its type has no releases): an order that crosses from one release into the next shows both.
   */
  tickets: z.array(z.object({ ticketType: z.enum(TICKET_TYPES), price: z.number(), releaseId: z.number().nullable() })),
});
export type ReserveResponse = z.infer<typeof ReserveResponse>;

export const CheckoutSessionQuery = z.object({ reservationToken: z.string().uuid() });
export const UrlResponse = z.object({ url: z.string() });
export type UrlResponse = z.infer<typeof UrlResponse>;

export const CheckoutResultQuery = z.object({ session_id: z.string().min(1).max(255) });
export const CheckoutResult = z.object({ state: z.enum(CHECKOUT_STATES), message: z.string() });
export type CheckoutResult = z.infer<typeof CheckoutResult>;

export const ValidateCodeResponse = z.object({ valid: z.boolean(), discountPercent: z.number() });
export type ValidateCodeResponse = z.infer<typeof ValidateCodeResponse>;

export const EventUsageResponse = z.object({ hasFreeForEvent: z.boolean() });
export type EventUsageResponse = z.infer<typeof EventUsageResponse>;

export const FreeTicketUsage = z.object({
  used: z.number().int(),
  /** -1 = unlimited. */
  max: z.number().int(),
  /** -1 = unlimited. */
  remaining: z.number().int(),
  year: z.number().int(),
  unlimited: z.boolean(),
});
export type FreeTicketUsage = z.infer<typeof FreeTicketUsage>;

export const OwnedTicket = z.object({
  ticketId: z.string(),
  eventId: z.number(),
  eventTitle: z.string(),
  /** YYYY-MM-DD in APP_TIMEZONE. */
  eventDate: z.string().nullable(),
  /** YYYY-MM-DDTHH:MM:00 in APP_TIMEZONE. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** ISO instants, for calendars. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  location: z.string().nullable(),
  ticketType: TicketTypeSchema,
  status: z.enum(TICKET_STATUSES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** Pounds. */
  pricePaid: z.number(),
  isFree: z.boolean(),
  /** The event lets fans change attendee names (issue 21; attendee-change.ts has the whole rule). */
  attendeeChangesAllowed: z.boolean(),
  qrBase64: z.string().optional(),
});
export type OwnedTicket = z.infer<typeof OwnedTicket>;
/** GET /api/account/my-tickets. */
export const OwnedTicketList = z.array(OwnedTicket);

export const MyTicketsQuery = z.object({
  includePast: z.stringbool().default(false),
  includeQr: z.stringbool().default(false),
});

/** The local provider's checkout page. */
export const LocalCheckoutView = z.object({
  id: z.string(),
  /** payment: tickets held by a reservation; subscription: a monthly plan. */
  mode: z.enum(['payment', 'subscription']),
  /** What is being bought, for the page's heading: the event's title, or the plan's name. */
  displayName: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amountTotal: z.number(),
  currency: z.string(),
  lineItems: z.array(z.object({ name: z.string(), unitAmount: z.number(), quantity: z.number() })),
  expiresAt: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type LocalCheckoutView = z.infer<typeof LocalCheckoutView>;

/** The local checkout page's Pay on a session that is over, worded per mode. */
export const LOCAL_CHECKOUT_EXPIRED = {
  payment: 'This checkout has expired. Please reserve your tickets again.',
  subscription: 'This checkout has expired. Please choose your plan again.',
} as const;
