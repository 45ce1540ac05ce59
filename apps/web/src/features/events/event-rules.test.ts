import type { EventSummary } from '@fourfour/shared/events';
import { describe, expect, it } from 'vitest';
import { eventBadges, isPurchaseClosed, purchaseState, upcomingEvents } from './event-rules.ts';

const NOW = Date.parse('2026-07-01T12:00:00Z');
const hours = (h: number) => new Date(NOW + h * 3600_000).toISOString();

function event(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 1,
    title: 'Night',
    description: null,
    location: null,
    date: '2026-07-10',
    startTime: '2026-07-10T22:00:00',
    endTime: '2026-07-11T04:00:00',
    startsAt: hours(24 * 9),
    endsAt: hours(24 * 9 + 6),
    imageUrl: '/api/media/events/1?v=x',
    hasCustomImage: false,
    status: 'PUBLISHED',
    cancelled: false,
    totalStandardTickets: 100,
    totalVipTickets: 20,
    remainingStandardTickets: 100,
    remainingVipTickets: 20,
    standardTicketPrice: 18,
    standardPrice: 18,
    vipTicketPrice: 45,
    vipPrice: 45,
    releases: [],
    organiserName: null,
    ...overrides,
  };
}

describe('the events list rules', () => {
  it('hides cancelled and started events and sorts by start, undated last', () => {
    const list = [
      event({ id: 1, startsAt: hours(48) }),
      event({ id: 2, startsAt: null }),
      event({ id: 3, startsAt: hours(5) }),
      event({ id: 4, cancelled: true }),
      event({ id: 5, startsAt: hours(-1) }),
    ];
    expect(upcomingEvents(list, NOW).map((e) => e.id)).toEqual([3, 1, 2]);
  });

  it('shows Sold out with no tickets left and Last tickets with 10 or fewer in total', () => {
    expect(eventBadges(event({ remainingStandardTickets: 0, remainingVipTickets: 0 }))).toEqual(['Sold out']);
    expect(eventBadges(event({ remainingStandardTickets: 7, remainingVipTickets: 3 }))).toEqual(['Last tickets']);
    expect(eventBadges(event({ remainingStandardTickets: 8, remainingVipTickets: 3 }))).toEqual([]);
  });

  it('puts the badges in the spec order and never calls a Coming soon event sold out', () => {
    expect(eventBadges(event({ status: 'PLANNED', remainingStandardTickets: 0, remainingVipTickets: 0 }))).toEqual([
      'Coming soon',
    ]);
    expect(eventBadges(event({ cancelled: true }))).toEqual(['Cancelled']);
  });

  it('closes purchase under two hours before the start', () => {
    expect(isPurchaseClosed(event({ startsAt: hours(1.99) }), NOW)).toBe(true);
    expect(isPurchaseClosed(event({ startsAt: hours(2.01) }), NOW)).toBe(false);
    expect(purchaseState(event({ startsAt: hours(1) }), NOW)).toBe('CLOSED');
  });

  it('closes purchase at exactly two hours before the start, as the server refuses it then', () => {
    expect(isPurchaseClosed(event({ startsAt: hours(2) }), NOW)).toBe(true);
    expect(purchaseState(event({ startsAt: hours(2) }), NOW)).toBe('CLOSED');
    expect(isPurchaseClosed(event({ startsAt: new Date(NOW + 2 * 3600_000 + 1).toISOString() }), NOW)).toBe(false);
  });

  it('lists a PLANNED event without letting anyone buy', () => {
    expect(purchaseState(event({ status: 'PLANNED' }), NOW)).toBe('NOT_ON_SALE');
    expect(purchaseState(event(), NOW)).toBe('ON_SALE');
    expect(purchaseState(event({ remainingStandardTickets: 0, remainingVipTickets: 0 }), NOW)).toBe('SOLD_OUT');
  });
});
