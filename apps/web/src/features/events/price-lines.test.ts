import type { PublicReleaseView } from '@fourfour/shared/release-ladder';
import { describe, expect, it } from 'vitest';
import { priceLines } from './price-lines.ts';

const release = (overrides: Partial<PublicReleaseView>): PublicReleaseView => ({
  id: 1,
  ticketType: 'STANDARD',
  name: 'Early bird',
  price: 10,
  remaining: 2,
  state: 'ON_SALE',
  salesStart: null,
  membersOnlyTier: null,
  ...overrides,
});

describe("an event card's prices", () => {
  it('are one line when the event sells at one price per type', () => {
    expect(priceLines({ releases: [], standardTicketPrice: 18, vipTicketPrice: 45 })).toEqual([
      'Standard £18.00 · VIP £45.00',
    ]);
  });

  it("show a type's ladder with the next price, one line per type", () => {
    const releases = [
      release({ id: 1, state: 'SOLD_OUT', remaining: 0, price: 8, name: 'First 50' }),
      release({ id: 2 }),
      release({ id: 3, name: 'Tier 2', price: 15, remaining: 40 }),
    ];
    expect(priceLines({ releases, standardTicketPrice: 10, vipTicketPrice: 45 })).toEqual([
      'Standard: Early bird £10.00 · next £15.00',
      'VIP: £45.00',
    ]);
  });

  it('show both ladders when VIP is sold in releases too', () => {
    const releases = [release({ id: 1 }), release({ id: 2, ticketType: 'VIP', name: 'VIP early', price: 30 })];
    expect(priceLines({ releases, standardTicketPrice: 10, vipTicketPrice: 30 })).toEqual([
      'Standard: Early bird £10.00',
      'VIP: VIP early £30.00',
    ]);
  });

  it("fall back to the list's price when no release of the type is on sale", () => {
    const releases = [release({ state: 'SOLD_OUT', remaining: 0 })];
    expect(priceLines({ releases, standardTicketPrice: 10, vipTicketPrice: 45 })).toEqual([
      'Standard: £10.00',
      'VIP: £45.00',
    ]);
  });
});
