import { z } from 'zod';
import { isAdult, isRealDate } from './auth-rules.ts';
import {
  AFFILIATE_DISCOUNT_PERCENT,
  FREE_TICKETS_PER_YEAR,
  MAX_TICKETS_PER_ACCOUNT_PER_EVENT,
  MAX_TICKETS_PER_ORDER,
  PURCHASE_CLOSES_HOURS_BEFORE,
} from './constants.ts';
import {
  type SubscriptionStatus,
  type SubscriptionTier,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketType as TicketTypeName,
  type VerificationStatus,
} from './enums.ts';
import { isSubscriptionActive } from './membership-active.ts';
import { isPurchaseWindowClosed } from './purchase-window.ts';

/**
 * Tickets: the purchase rules, their messages and the request/response shapes, shared by the API
 * (which enforces every rule) and the purchase form (which shows them early).
 */
export const TICKET_MESSAGES = {
  // Spec §5 and §8, word for word.
  atLeastOne: 'Please add at least one ticket.',
  fillAllFields: 'Please fill in all ticket fields.',
  attendeesAdult: 'All attendees must be at least 18 years old.',
  notEnoughStock: 'Not enough tickets available for the selected types.',
  oneFreePerEvent: 'You can only apply one free STANDARD ticket per event.',
  freeAlreadyUsed: "You've already used your free ticket for this event.",
  freeNeedsVerification: 'Free tickets unlock after age verification.',
  // DESIGN.md: the allowance is per calendar year, and messages say "this year".
  freeNoneRemaining: 'You have no free tickets remaining this year.',
  affiliateInvalid: 'Invalid affiliate code.',
  affiliateApplied: 'Affiliate code applied.',
  reservationFailed: 'Reservation failed.',
  checkoutVerifyFailed:
    "We couldn't verify the checkout result. If you don't receive tickets or a refund email, please contact support.",
  ticketsLoadFailed: 'Failed to load your tickets.',
  ticketLoadFailed: 'Failed to load ticket details.',
  qrNotAvailable: 'QR not available.',
  noUsageData: 'No usage data available.',
  // Rules DESIGN.md decides; the spec shows no wording for them.
  tooMany: `At most ${MAX_TICKETS_PER_ORDER} tickets per order.`,
  // Issue 16: one account cannot hold a whole night's stock (code TICKET_LIMIT, 409).
  ticketLimit: `You can hold at most ${MAX_TICKETS_PER_ACCOUNT_PER_EVENT} tickets for this event.`,
  freeStandardOnly: 'Free tickets are for STANDARD tickets only.',
  eventNotOnSale: 'Tickets for this event are not on sale yet.',
  eventCancelled: 'This event has been cancelled.',
  // The Terms: commission is for bringing in other buyers, so one's own code cannot be used.
  affiliateOwnCode: 'You cannot use your own affiliate code.',
  purchaseClosed: `Ticket purchase closed ${PURCHASE_CLOSES_HOURS_BEFORE} hours before the event starts.`,
  reservationExpired: 'Your reservation has expired. Please reserve your tickets again.',
  reservationNotFound: 'Reservation not found.',
  reservationUsed: 'This reservation has already been paid for.',
  ticketNotFound: 'Ticket not found.',
  checkoutSessionNotFound: 'Checkout session not found.',
} as const;

/** Messages of the checkout result page, one per state (spec: Checkout result page). */
export const CHECKOUT_STATES = ['FULFILLED', 'PENDING', 'REFUNDED_TIMEOUT', 'TIMEOUT_REFUND_TRIGGERED'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const CHECKOUT_RESULT_MESSAGES: Record<CheckoutState, string> = {
  FULFILLED: 'Your tickets have been issued. We have emailed them to you with their QR codes.',
  PENDING: 'Your payment is being confirmed. This page updates by itself.',
  REFUNDED_TIMEOUT:
    'Your payment arrived after your reservation had expired and the tickets were gone, so we refunded it in full.',
  TIMEOUT_REFUND_TRIGGERED:
    'Your payment arrived after your reservation had expired and the tickets were gone. A full refund is on its way.',
};
/** The refund states' messages when the payment came from an UNDERAGE account (after the age-block message). */
export const UNDERAGE_REFUND_MESSAGES: Partial<Record<CheckoutState, string>> = {
  REFUNDED_TIMEOUT: 'No tickets were issued and your payment was refunded in full.',
  TIMEOUT_REFUND_TRIGGERED: 'No tickets were issued. A full refund is on its way.',
};
export const FREE_TICKETS_ISSUED_MESSAGE = 'Your free tickets have been issued. The QR code is in your email.';

export const CHECKOUT_RESULT_TITLES = {
  LOADING: 'Finalizing',
  FULFILLED: 'Payment Successful',
  REFUNDED_TIMEOUT: 'Order Timed Out',
  TIMEOUT_REFUND_TRIGGERED: 'Refund Initiated',
  UNKNOWN: 'Payment Completed, Status Unknown',
} as const;

// ---------- rules ----------

/** The yearly allowance of a tier; null = unlimited. */
export function freeTicketAllowance(tier: SubscriptionTier): number | null {
  return FREE_TICKETS_PER_YEAR[tier];
}

/** Spec: a max of -1, a max above 1000 or the HEADLINER tier is shown as unlimited. */
export function isUnlimitedAllowance(max: number, tier?: SubscriptionTier): boolean {
  return max === -1 || max > 1000 || tier === 'HEADLINER';
}

export interface FreeTicketEligibility {
  tier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  verificationStatus: VerificationStatus;
  subscriptionExpiresAt?: Date | string | null;
  /** Free tickets used this calendar year (held ones included). */
  usedThisYear: number;
  hasFreeForEvent: boolean;
}

/** Why a free ticket cannot be used, as the message to show; null when it can. */
export function freeTicketBlocker(e: FreeTicketEligibility): string | null {
  if (e.hasFreeForEvent) return TICKET_MESSAGES.freeAlreadyUsed;
  const active = isSubscriptionActive(e.tier, e.subscriptionStatus, e.subscriptionExpiresAt);
  if (active && e.verificationStatus !== 'VERIFIED') return TICKET_MESSAGES.freeNeedsVerification;
  if (!active) return TICKET_MESSAGES.freeNoneRemaining;
  const allowance = freeTicketAllowance(e.tier);
  if (allowance !== null && e.usedThisYear >= allowance) return TICKET_MESSAGES.freeNoneRemaining;
  return null;
}

/** 10% off each ticket's price, rounded to the penny per ticket. */
export function discountedPricePence(pricePence: number, hasAffiliate: boolean): number {
  return hasAffiliate ? Math.round((pricePence * (100 - AFFILIATE_DISCOUNT_PERCENT)) / 100) : pricePence;
}

export interface PurchaseEventFacts {
  status: 'PLANNED' | 'PUBLISHED';
  cancelled: boolean;
  /** ISO instant; null = no date yet. */
  startsAt: string | Date | null;
}

/** Why an event cannot be bought now, or null. */
export function purchaseClosedReason(event: PurchaseEventFacts, now: Date = new Date()): string | null {
  if (event.cancelled) return TICKET_MESSAGES.eventCancelled;
  if (event.status !== 'PUBLISHED' || !event.startsAt) return TICKET_MESSAGES.eventNotOnSale;
  if (isPurchaseWindowClosed(event.startsAt, now)) return TICKET_MESSAGES.purchaseClosed;
  return null;
}

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

/** The rules that need nothing but the drafts (the form runs them before asking the server). */
export function validateDrafts(
  drafts: readonly {
    ticketType: TicketTypeName;
    firstName?: string;
    lastName?: string;
    dateOfBirth?: string;
    useFreeTicket?: boolean;
  }[],
  today: Date = new Date(),
): string | null {
  if (drafts.length === 0) return TICKET_MESSAGES.atLeastOne;
  if (drafts.length > MAX_TICKETS_PER_ORDER) return TICKET_MESSAGES.tooMany;
  if (drafts.some((d) => !d.firstName?.trim() || !d.lastName?.trim() || !d.dateOfBirth?.trim()))
    return TICKET_MESSAGES.fillAllFields;
  if (drafts.some((d) => !isRealDate(d.dateOfBirth ?? '') || !isAdult(d.dateOfBirth ?? '', today)))
    return TICKET_MESSAGES.attendeesAdult;
  if (drafts.some((d) => d.useFreeTicket && d.ticketType !== 'STANDARD')) return TICKET_MESSAGES.freeStandardOnly;
  if (drafts.filter((d) => d.useFreeTicket).length > 1) return TICKET_MESSAGES.oneFreePerEvent;
  return null;
}

/** Counts per type never above the remaining stock (the form also disables Add at that point). */
export function exceedsStock(
  drafts: readonly { ticketType: TicketTypeName }[],
  remaining: { standard: number; vip: number },
): boolean {
  const standard = drafts.filter((d) => d.ticketType === 'STANDARD').length;
  const vip = drafts.length - standard;
  return standard > remaining.standard || vip > remaining.vip;
}

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
