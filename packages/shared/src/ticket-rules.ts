import { isAdult, isRealDate } from './auth-rules.ts';
import {
  AFFILIATE_DISCOUNT_PERCENT,
  FREE_TICKETS_PER_YEAR,
  MAX_TICKETS_PER_ACCOUNT_PER_EVENT,
  MAX_TICKETS_PER_ORDER,
  PURCHASE_CLOSES_HOURS_BEFORE,
} from './constants.ts';
import type {
  SubscriptionStatus,
  SubscriptionTier,
  TicketType as TicketTypeName,
  VerificationStatus,
} from './enums.ts';
import { isSubscriptionActive } from './membership-active.ts';
import { isPurchaseWindowClosed } from './purchase-window.ts';

/**
 * Tickets: the purchase rules and their messages, shared by the API (which enforces every rule) and
 * the purchase form (which shows them early). No zod here, so the pages of a first load (/purchase,
 * /account) can import them without it; the request and response shapes are in tickets.ts, which
 * re-exports these.
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
