import { type PaidTier, SUBSCRIPTION_TIERS, type SubscriptionTier, type TicketType } from '@fourfour/shared/enums';
import { currentRelease, nextRelease, type PublicReleaseView } from '@fourfour/shared/release-ladder';
import { discountedPricePence } from '@fourfour/shared/ticket-rules';

/**
 * The purchase page's reading of a ticket type's releases (issue 20), kept apart from the markup so
 * it is testable. The hold statement (apps/api/src/modules/tickets/hold-statement.ts) decides; these
 * rules show the buyer beforehand what it will do: walk the type's open releases in order and take
 * what is left in each.
 */

/** What decides whether a members-only release is open to this buyer (the account view's fields). */
export interface MemberFacts {
  subscriptionTier: SubscriptionTier;
  subscriptionActive: boolean;
  verificationStatus: string;
}

/**
 * Open to anyone, or members-only and the buyer has an active, verified membership of that tier or
 * above (the hold statement's member_ok). Unknown buyer: members-only releases are not theirs.
 */
export function mayBuyRelease(release: { membersOnlyTier: PaidTier | null }, buyer: MemberFacts | null): boolean {
  if (release.membersOnlyTier === null) return true;
  if (!buyer?.subscriptionActive || buyer.verificationStatus !== 'VERIFIED') return false;
  return SUBSCRIPTION_TIERS.indexOf(buyer.subscriptionTier) >= SUBSCRIPTION_TIERS.indexOf(release.membersOnlyTier);
}

/** GET /api/events/{id}/releases?unlockCode=: the public ladder and the ids the code unlocked. */
export interface UnlockedLadder {
  releases: readonly PublicReleaseView[];
  unlocked: readonly number[];
}

/**
 * The ladder the buyer sees: the list's public releases, or, once a presale code is applied, the
 * code's answer (public and unlocked releases in order) with each public release as the list has it
 * now (the list is fresher than the code's answer, which is asked once).
 */
export function buyerLadder(list: readonly PublicReleaseView[], code: UnlockedLadder | null): PublicReleaseView[] {
  if (!code) return [...list];
  const fresh = new Map(list.map((r) => [r.id, r]));
  return code.releases.map((r) => fresh.get(r.id) ?? r);
}

/** One type's releases, in order. */
export function ladderOfType(ladder: readonly PublicReleaseView[], type: TicketType): PublicReleaseView[] {
  return ladder.filter((r) => r.ticketType === type);
}

/** The releases of one type this buyer can take tickets from now, in order. */
function openToBuyer(ladder: readonly PublicReleaseView[], buyer: MemberFacts | null): PublicReleaseView[] {
  return ladder.filter((r) => r.state === 'ON_SALE' && r.remaining > 0 && mayBuyRelease(r, buyer));
}

/** Tickets of one type this buyer can still hold: what is left in the releases open to them. */
export function remainingForBuyer(ladder: readonly PublicReleaseView[], buyer: MemberFacts | null): number {
  return openToBuyer(ladder, buyer).reduce((sum, r) => sum + r.remaining, 0);
}

/**
 * The full price (pounds) of each of the next `count` tickets of one type, as the hold takes them:
 * what is left in the first open release, then the next. Shorter than `count` when stock runs out.
 */
export function slotPrices(ladder: readonly PublicReleaseView[], count: number, buyer: MemberFacts | null): number[] {
  const prices: number[] = [];
  for (const release of openToBuyer(ladder, buyer)) {
    for (let i = 0; i < release.remaining && prices.length < count; i++) prices.push(release.price);
    if (prices.length >= count) break;
  }
  return prices;
}

export type LadderRole = 'current' | 'next' | 'on-sale' | 'sold-out' | 'upcoming' | 'ended' | 'members-only';

export interface LadderRow {
  release: PublicReleaseView;
  role: LadderRole;
  /** Opened by the buyer's presale code (hidden from everyone else). */
  unlocked: boolean;
}

/**
 * Each release of one type with what the ladder shows for it: the current one (where this buyer's
 * next ticket comes from), the next to open, sold out (struck through), upcoming (with its start),
 * ended, or members-only for a buyer who is not one.
 */
export function ladderRows(
  ladder: readonly PublicReleaseView[],
  buyer: MemberFacts | null,
  unlockedIds: readonly number[] = [],
): LadderRow[] {
  const theirs = ladder.filter((r) => mayBuyRelease(r, buyer));
  const current = currentRelease(theirs);
  const next = nextRelease(theirs);
  return ladder.map((release) => {
    let role: LadderRole;
    if (release === current) role = 'current';
    else if (release === next) role = 'next';
    else if (release.state === 'SOLD_OUT') role = 'sold-out';
    else if (release.state === 'ENDED') role = 'ended';
    else if (!mayBuyRelease(release, buyer)) role = 'members-only';
    else if (release.state === 'UPCOMING') role = 'upcoming';
    else role = 'on-sale';
    return { release, role, unlocked: unlockedIds.includes(release.id) };
  });
}

/** A ticket type as the buyer is offered it: its releases, the price now and what is left to them. */
export interface TicketTypeOffer {
  ladder: PublicReleaseView[];
  rows: LadderRow[];
  /** Pounds: the current release's, or the list's price for a type without releases (or none on sale). */
  price: number;
  left: number;
}

/**
 * One type's offer: a type sold in releases from its ladder (the current release's price, what is
 * left in the releases open to this buyer), any other from the list's price and remaining count.
 */
export function ticketTypeOffer(
  ladder: readonly PublicReleaseView[],
  type: TicketType,
  listPrice: number,
  listRemaining: number,
  buyer: MemberFacts | null,
  unlockedIds: readonly number[] = [],
): TicketTypeOffer {
  const own = ladderOfType(ladder, type);
  const rows = ladderRows(own, buyer, unlockedIds);
  const current = rows.find((r) => r.role === 'current')?.release;
  return {
    ladder: own,
    rows,
    price: current?.price ?? listPrice,
    left: own.length > 0 ? remainingForBuyer(own, buyer) : listRemaining,
  };
}

/** A ticket of the form, as far as its price goes. */
export interface PricedDraft {
  ticketType: TicketType;
  useFreeTicket: boolean;
}

/**
 * Each ticket's price (pounds) before reserving, in the form's order: a type sold in releases takes
 * its slots in order (a free ticket takes one too, at £0), other types the event's one price; the
 * affiliate discount per ticket, rounded to the penny, as the server does.
 */
export function draftPrices(
  drafts: readonly PricedDraft[],
  types: Record<TicketType, { ladder: readonly PublicReleaseView[]; price: number }>,
  buyer: MemberFacts | null,
  hasAffiliate: boolean,
): number[] {
  const slots = {
    STANDARD: slotPrices(types.STANDARD.ladder, drafts.length, buyer),
    VIP: slotPrices(types.VIP.ladder, drafts.length, buyer),
  };
  const seen = { STANDARD: 0, VIP: 0 };
  return drafts.map((d) => {
    const k = seen[d.ticketType]++;
    if (d.useFreeTicket) return 0;
    const { ladder, price } = types[d.ticketType];
    const full = ladder.length > 0 ? (slots[d.ticketType][k] ?? price) : price;
    return discountedPricePence(Math.round(full * 100), hasAffiliate) / 100;
  });
}

/** The reservation answer's tickets carry more than one price (an order crossing into the next release). */
export function hasMixedPrices(tickets: readonly { price: number }[]): boolean {
  return new Set(tickets.map((t) => t.price)).size > 1;
}
