import { createHash } from 'node:crypto';
import type { AdminEvent, EventSummary, PublicRelease } from '@fourfour/shared/events';
import { penceToPounds } from '@fourfour/shared/money';
import { currentRelease, releaseState } from '@fourfour/shared/release-ladder';
import type { ticketReleases } from '../../db/schema/index.ts';
import { instantToLocal } from '../../lib/time.ts';
import { isGeneratedArtwork } from './artwork.service.ts';
import type { EventRow, EventRowWithStock } from './events.queries.ts';

/**
 * A version token for the artwork URL: the stored file's id, or (before the default artwork is
 * generated) the title it will show, so a changed image is never served stale from a cache.
 */
export function artworkVersion(row: Pick<EventRow, 'imageKey' | 'title'>): string {
  if (row.imageKey) return (row.imageKey.split('/').pop() ?? '').slice(0, 8);
  return `t${createHash('sha256').update(row.title).digest('hex').slice(0, 8)}`;
}

export function artworkUrl(row: Pick<EventRow, 'id' | 'imageKey' | 'title'>): string {
  return `/api/media/events/${row.id}?v=${artworkVersion(row)}`;
}

/**
 * Remaining per type = total − sold − held by unexpired reservations. Holds whose time is up but
 * not yet released still sit in held_*, so they are subtracted from it (never below zero).
 */
export function remainingTickets(
  row: EventRow & Partial<Pick<EventRowWithStock, 'expiredHeldStandard' | 'expiredHeldVip'>>,
) {
  const live = (held: number, expired = 0) => Math.max(0, held - expired);
  return {
    standard: Math.max(0, row.totalStandard - row.soldStandard - live(row.heldStandard, row.expiredHeldStandard)),
    vip: Math.max(0, row.totalVip - row.soldVip - live(row.heldVip, row.expiredHeldVip)),
  };
}

export type ReleaseRow = Pick<
  typeof ticketReleases.$inferSelect,
  | 'id'
  | 'ticketType'
  | 'position'
  | 'name'
  | 'pricePence'
  | 'quantity'
  | 'sold'
  | 'held'
  | 'salesStart'
  | 'salesEnd'
  | 'unlockCode'
  | 'membersOnlyTier'
>;

export function toPublicRelease(r: ReleaseRow, now: Date): PublicRelease {
  return {
    id: r.id,
    ticketType: r.ticketType,
    name: r.name,
    price: penceToPounds(r.pricePence),
    remaining: Math.max(0, r.quantity - r.sold - r.held),
    state: releaseState(r, now),
    salesStart: r.salesStart?.toISOString() ?? null,
    membersOnlyTier: r.membersOnlyTier === 'NONE' ? null : r.membersOnlyTier,
  };
}

/**
 * A ticket type sold in releases, as the spec's fields show it: its total is the sum of its public
 * releases, its remaining count what is on sale in them now, its price the current release's (for
 * anyone: not members-only), else the next to open, else the last.
 */
function ladderFigures(rows: ReleaseRow[], ladder: PublicRelease[]) {
  const forAnyone = ladder.filter((r) => r.membersOnlyTier === null);
  const priced = currentRelease(forAnyone) ?? forAnyone.find((r) => r.state === 'UPCOMING') ?? forAnyone.at(-1);
  return {
    total: rows.reduce((sum, r) => sum + r.quantity, 0),
    remaining: ladder.filter((r) => r.state === 'ON_SALE').reduce((sum, r) => sum + r.remaining, 0),
    price: priced?.price,
  };
}

/** The one whitelist of what an event shows to anyone: the list's shape. */
export function toEventSummary(
  row: (EventRow | EventRowWithStock) & { releaseRows?: ReleaseRow[] },
  timeZone: string,
  now = new Date(),
): EventSummary {
  const start = row.startsAt ? instantToLocal(row.startsAt, timeZone) : null;
  const end = row.endsAt ? instantToLocal(row.endsAt, timeZone) : null;
  const remaining = remainingTickets(row);
  const publicRows = (row.releaseRows ?? []).filter((r) => r.unlockCode === null);
  const releases = publicRows.map((r) => toPublicRelease(r, now));
  // A type sold in releases (hidden ones included) shows its public releases' figures.
  const figuresOf = (type: 'STANDARD' | 'VIP') =>
    row.releaseRows?.some((r) => r.ticketType === type)
      ? ladderFigures(
          publicRows.filter((r) => r.ticketType === type),
          releases.filter((r) => r.ticketType === type),
        )
      : undefined;
  const standard = figuresOf('STANDARD');
  const vip = figuresOf('VIP');
  const totals = { standard: standard?.total ?? row.totalStandard, vip: vip?.total ?? row.totalVip };
  if (standard) remaining.standard = standard.remaining;
  if (vip) remaining.vip = vip.remaining;
  const standardPrice = standard?.price ?? penceToPounds(row.standardPricePence);
  const vipPrice = vip?.price ?? penceToPounds(row.vipPricePence);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    date: start?.date ?? null,
    startTime: start?.dateTime ?? null,
    endTime: end?.dateTime ?? null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    imageUrl: artworkUrl(row),
    hasCustomImage: !!row.imageKey && !isGeneratedArtwork(row.imageKey),
    status: row.status,
    cancelled: row.cancelled,
    totalStandardTickets: totals.standard,
    totalVipTickets: totals.vip,
    remainingStandardTickets: remaining.standard,
    remainingVipTickets: remaining.vip,
    standardTicketPrice: standardPrice,
    standardPrice,
    vipTicketPrice: vipPrice,
    vipPrice,
    organiserName: row.organiserName,
    releases,
  };
}

export function toAdminEvent(row: EventRow | EventRowWithStock, timeZone: string): AdminEvent {
  return {
    ...toEventSummary(row, timeZone),
    organiserContact: row.organiserContact,
    attendeeChangesAllowed: row.attendeeChangesAllowed,
    soldStandardTickets: row.soldStandard,
    soldVipTickets: row.soldVip,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
