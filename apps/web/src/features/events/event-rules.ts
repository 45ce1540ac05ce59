import { LAST_TICKETS_THRESHOLD } from '@fourfour/shared/constants';
import { EVENT_BADGES } from '@fourfour/shared/event-list-messages';
import type { EventSummary } from '@fourfour/shared/events';
import { isPurchaseWindowClosed } from '@fourfour/shared/purchase-window';

/** What the fans' list shows (spec 01, Events): rules kept apart from the markup so they are testable. */

export function remainingTotal(e: EventSummary): number {
  return e.remainingStandardTickets + e.remainingVipTickets;
}

/** Upcoming only: cancelled and already-started events are hidden; by start, undated last. */
export function upcomingEvents(list: readonly EventSummary[], now = Date.now()): EventSummary[] {
  return list
    .filter((e) => !e.cancelled && !(e.startsAt && Date.parse(e.startsAt) <= now))
    .sort((a, b) => {
      if (!a.startsAt) return b.startsAt ? 1 : a.id - b.id;
      if (!b.startsAt) return -1;
      return Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id;
    });
}

/**
 * Badges in the spec's order: Coming soon, Cancelled, Sold out, Last tickets. Stock badges apply
 * to events on sale only (a Coming soon event has no tickets yet, which is not "sold out").
 */
export function eventBadges(e: EventSummary): string[] {
  const badges: string[] = [];
  const isPlanned = e.status === 'PLANNED';
  if (isPlanned && !e.cancelled) badges.push(EVENT_BADGES.comingSoon);
  if (e.cancelled) badges.push(EVENT_BADGES.cancelled);
  if (!isPlanned && !e.cancelled) {
    const left = remainingTotal(e);
    if (left <= 0) badges.push(EVENT_BADGES.soldOut);
    else if (left <= LAST_TICKETS_THRESHOLD) badges.push(EVENT_BADGES.lastTickets);
  }
  return badges;
}

/** Purchase closes 2 hours before the start: the shared rule the server applies (closed at exactly 2 hours). */
export function isPurchaseClosed(e: EventSummary, now = Date.now()): boolean {
  return !!e.startsAt && isPurchaseWindowClosed(e.startsAt, now);
}

export type PurchaseState = 'ON_SALE' | 'CLOSED' | 'NOT_ON_SALE' | 'SOLD_OUT';

export function purchaseState(e: EventSummary, now = Date.now()): PurchaseState {
  if (e.status === 'PLANNED' || e.cancelled) return 'NOT_ON_SALE';
  if (isPurchaseClosed(e, now)) return 'CLOSED';
  if (remainingTotal(e) <= 0) return 'SOLD_OUT';
  return 'ON_SALE';
}
