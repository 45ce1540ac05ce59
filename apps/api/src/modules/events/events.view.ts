import { createHash } from 'node:crypto';
import type { AdminEvent, EventSummary } from '@fourfour/shared/events';
import { penceToPounds } from '@fourfour/shared/money';
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

/** The one whitelist of what an event shows to anyone: the list's shape. */
export function toEventSummary(row: EventRow | EventRowWithStock, timeZone: string): EventSummary {
  const start = row.startsAt ? instantToLocal(row.startsAt, timeZone) : null;
  const end = row.endsAt ? instantToLocal(row.endsAt, timeZone) : null;
  const remaining = remainingTickets(row);
  const standardPrice = penceToPounds(row.standardPricePence);
  const vipPrice = penceToPounds(row.vipPricePence);
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
    totalStandardTickets: row.totalStandard,
    totalVipTickets: row.totalVip,
    remainingStandardTickets: remaining.standard,
    remainingVipTickets: remaining.vip,
    standardTicketPrice: standardPrice,
    standardPrice,
    vipTicketPrice: vipPrice,
    vipPrice,
    organiserName: row.organiserName,
  };
}

export function toAdminEvent(row: EventRow | EventRowWithStock, timeZone: string): AdminEvent {
  return {
    ...toEventSummary(row, timeZone),
    organiserContact: row.organiserContact,
    soldStandardTickets: row.soldStandard,
    soldVipTickets: row.soldVip,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
