/**
 * Ticket releases (issue 20) as fans see them: the rules that read a type's ladder, with no zod so
 * the events list's first load can use them. The schemas are in releases.ts; the hold statement
 * (apps/api/src/modules/tickets/hold-statement.ts) walks the same ladder in SQL, and
 * releases.test.ts holds the two together.
 */
import { formatPounds } from './money.ts';

export const RELEASE_STATES = ['ON_SALE', 'SOLD_OUT', 'UPCOMING', 'ENDED'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/** A release as its stock and dates decide its state. */
export interface ReleaseStock {
  quantity: number;
  sold: number;
  held: number;
  salesStart: Date | null;
  salesEnd: Date | null;
}

/**
 * ENDED once its end has passed; SOLD_OUT when sold + held reach its quantity; UPCOMING before its
 * start; otherwise ON_SALE. A release is on sale from its start (inclusive) to its end (exclusive).
 */
export function releaseState(r: ReleaseStock, now: Date): ReleaseState {
  if (r.salesEnd && r.salesEnd.getTime() <= now.getTime()) return 'ENDED';
  if (r.sold + r.held >= r.quantity) return 'SOLD_OUT';
  if (r.salesStart && r.salesStart.getTime() > now.getTime()) return 'UPCOMING';
  return 'ON_SALE';
}

/** A public release as GET /api/events/list answers it (prices in pounds). */
export interface PublicReleaseView {
  id: number;
  ticketType: 'STANDARD' | 'VIP';
  name: string;
  price: number;
  remaining: number;
  state: ReleaseState;
  /** ISO instant; set when the release has a start (UPCOMING shows it). */
  salesStart: string | null;
  /** null: anyone may buy it; else the lowest membership tier that may. */
  membersOnlyTier: 'ENTRY' | 'MIDDLE' | 'HEADLINER' | null;
}

/**
 * The current release of a type: the first in order that is on sale (its dates, not sold out). The
 * list passes one type's releases in order.
 */
export function currentRelease<T extends { state: ReleaseState }>(ladder: readonly T[]): T | undefined {
  return ladder.find((r) => r.state === 'ON_SALE');
}

/** The release after the current one that will open next (on sale or upcoming), if any. */
export function nextRelease<T extends { state: ReleaseState }>(ladder: readonly T[]): T | undefined {
  const current = ladder.findIndex((r) => r.state === 'ON_SALE');
  if (current < 0) return ladder.find((r) => r.state === 'UPCOMING');
  return ladder.slice(current + 1).find((r) => r.state === 'ON_SALE' || r.state === 'UPCOMING');
}

/**
 * The events card's line for a type with releases: "Early bird £10.00 · next £15.00" (the next
 * price only when it differs), or null when the type has none to show.
 */
export function releaseLadderLine(ladder: readonly PublicReleaseView[]): string | null {
  const open = ladder.filter((r) => r.membersOnlyTier === null);
  const current = currentRelease(open);
  if (!current) return null;
  const next = nextRelease(open);
  const now = `${current.name} ${formatPounds(current.price)}`;
  return next && next.price !== current.price ? `${now} · next ${formatPounds(next.price)}` : now;
}
