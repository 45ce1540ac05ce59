import type { PublicReleaseView } from '@fourfour/shared/release-ladder';
import { describe, expect, it } from 'vitest';
import {
  buyerLadder,
  draftPrices,
  hasMixedPrices,
  ladderRows,
  type MemberFacts,
  mayBuyRelease,
  remainingForBuyer,
  slotPrices,
  ticketTypeOffer,
} from './release-rules.ts';

let nextId = 1;
function release(overrides: Partial<PublicReleaseView> = {}): PublicReleaseView {
  return {
    id: nextId++,
    ticketType: 'STANDARD',
    name: 'Release',
    price: 10,
    remaining: 10,
    state: 'ON_SALE',
    salesStart: null,
    membersOnlyTier: null,
    ...overrides,
  };
}

const middleMember: MemberFacts = {
  subscriptionTier: 'MIDDLE',
  subscriptionActive: true,
  verificationStatus: 'VERIFIED',
};
const fan: MemberFacts = { subscriptionTier: 'NONE', subscriptionActive: false, verificationStatus: 'NONE' };

describe('members-only releases', () => {
  it('are open to an active, verified member of that tier or above', () => {
    expect(mayBuyRelease({ membersOnlyTier: 'ENTRY' }, middleMember)).toBe(true);
    expect(mayBuyRelease({ membersOnlyTier: 'MIDDLE' }, middleMember)).toBe(true);
    expect(mayBuyRelease({ membersOnlyTier: 'HEADLINER' }, middleMember)).toBe(false);
  });

  it('are closed to a fan, an unverified member, a lapsed member and an unknown buyer', () => {
    expect(mayBuyRelease({ membersOnlyTier: 'ENTRY' }, fan)).toBe(false);
    expect(mayBuyRelease({ membersOnlyTier: 'ENTRY' }, { ...middleMember, verificationStatus: 'PENDING' })).toBe(false);
    expect(mayBuyRelease({ membersOnlyTier: 'ENTRY' }, { ...middleMember, subscriptionActive: false })).toBe(false);
    expect(mayBuyRelease({ membersOnlyTier: 'ENTRY' }, null)).toBe(false);
  });

  it('do not concern releases open to anyone', () => {
    expect(mayBuyRelease({ membersOnlyTier: null }, null)).toBe(true);
  });
});

describe('the ladder a buyer sees', () => {
  it('is the list as it is without a presale code', () => {
    const list = [release(), release()];
    expect(buyerLadder(list, null)).toEqual(list);
  });

  it("is the code's answer with its unlocked releases, and each public release as the list now has it", () => {
    const early = release({ name: 'Early bird', remaining: 2 });
    const presale = release({ name: 'Presale', price: 8 });
    const answer = { releases: [presale, early], unlocked: [presale.id] };
    const fresher = { ...early, remaining: 0, state: 'SOLD_OUT' as const };
    expect(buyerLadder([fresher], answer)).toEqual([presale, fresher]);
  });
});

describe('ladder rows', () => {
  it('strike out sold-out releases, highlight the first on sale and mark the one after it as next', () => {
    const ladder = [
      release({ name: 'Early bird', state: 'SOLD_OUT', remaining: 0 }),
      release({ name: 'Tier 2', price: 15 }),
      release({ name: 'Final', price: 20 }),
    ];
    expect(ladderRows(ladder, fan).map((r) => r.role)).toEqual(['sold-out', 'current', 'next']);
  });

  it('show an upcoming release after the next one as upcoming, and an ended one as ended', () => {
    const ladder = [
      release({ state: 'ENDED', remaining: 5 }),
      release(),
      release({ state: 'UPCOMING', salesStart: '2026-12-01T18:00:00.000Z' }),
      release({ state: 'UPCOMING', salesStart: '2026-12-08T18:00:00.000Z' }),
    ];
    expect(ladderRows(ladder, fan).map((r) => r.role)).toEqual(['ended', 'current', 'next', 'upcoming']);
  });

  it("skip a members-only release for a fan, and make it a member's current one", () => {
    const ladder = [release({ name: 'Members', membersOnlyTier: 'ENTRY', price: 7 }), release({ name: 'Tier 1' })];
    expect(ladderRows(ladder, fan).map((r) => r.role)).toEqual(['members-only', 'current']);
    expect(ladderRows(ladder, middleMember).map((r) => r.role)).toEqual(['current', 'next']);
  });

  it('mark the releases the presale code unlocked', () => {
    const presale = release({ price: 8 });
    const rows = ladderRows([presale, release()], fan, [presale.id]);
    expect(rows.map((r) => r.unlocked)).toEqual([true, false]);
    expect(rows[0]?.role).toBe('current');
  });
});

describe('prices before reserving', () => {
  const early = () => release({ name: 'Early bird', price: 10, remaining: 2 });
  const tier2 = () => release({ name: 'Tier 2', price: 15, remaining: 50 });

  it('take what is left in the current release, then the next one', () => {
    expect(slotPrices([early(), tier2()], 3, fan)).toEqual([10, 10, 15]);
  });

  it('stop where the stock open to the buyer ends', () => {
    const ladder = [early(), release({ membersOnlyTier: 'HEADLINER', remaining: 40 })];
    expect(slotPrices(ladder, 5, fan)).toEqual([10, 10]);
    expect(remainingForBuyer(ladder, fan)).toBe(2);
    expect(remainingForBuyer(ladder, { ...middleMember, subscriptionTier: 'HEADLINER' })).toBe(42);
  });

  it('skip releases not on sale (sold out, upcoming, ended)', () => {
    const ladder = [
      release({ state: 'SOLD_OUT', remaining: 0, price: 5 }),
      release({ state: 'ENDED', remaining: 3, price: 6 }),
      tier2(),
      release({ state: 'UPCOMING', price: 20 }),
    ];
    expect(slotPrices(ladder, 2, fan)).toEqual([15, 15]);
  });

  it('give each ticket its slot in its own type, a free one at £0, and the affiliate discount per ticket', () => {
    const types = {
      STANDARD: { ladder: [early(), tier2()], price: 10 },
      VIP: { ladder: [], price: 45 },
    };
    const drafts = [
      { ticketType: 'STANDARD' as const, useFreeTicket: true },
      { ticketType: 'VIP' as const, useFreeTicket: false },
      { ticketType: 'STANDARD' as const, useFreeTicket: false },
      { ticketType: 'STANDARD' as const, useFreeTicket: false },
    ];
    expect(draftPrices(drafts, types, fan, false)).toEqual([0, 45, 10, 15]);
    expect(draftPrices(drafts, types, fan, true)).toEqual([0, 40.5, 9, 13.5]);
  });
});

describe('a ticket type as offered', () => {
  it("is its current release's price and what is left to the buyer when it is sold in releases", () => {
    const ladder = [
      release({ state: 'SOLD_OUT', remaining: 0 }),
      release({ price: 15, remaining: 4 }),
      release({ price: 20, state: 'UPCOMING', remaining: 30 }),
    ];
    const offer = ticketTypeOffer(ladder, 'STANDARD', 99, 99, fan);
    expect(offer).toMatchObject({ price: 15, left: 4 });
    expect(offer.rows).toHaveLength(3);
  });

  it("is the list's price and remaining count for a type without releases", () => {
    const offer = ticketTypeOffer([release()], 'VIP', 45, 12, fan);
    expect(offer).toMatchObject({ price: 45, left: 12, rows: [] });
  });
});

describe('the reservation answer', () => {
  it('has mixed prices when its tickets cost different amounts', () => {
    expect(hasMixedPrices([{ price: 10 }, { price: 15 }])).toBe(true);
    expect(hasMixedPrices([{ price: 10 }, { price: 10 }])).toBe(false);
    expect(hasMixedPrices([])).toBe(false);
  });
});
