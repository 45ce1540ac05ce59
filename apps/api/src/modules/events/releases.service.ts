import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TicketType } from '@fourfour/shared/enums';
import { EVENT_MESSAGES, type EventPricesBody } from '@fourfour/shared/events';
import { penceToPounds, poundsToPence } from '@fourfour/shared/money';
import {
  type AdminRelease,
  RELEASE_MESSAGES,
  type ReleaseInput,
  type UnlockedReleases,
  releaseBelowSoldMessage,
  releaseHasSalesMessage,
  releaseState,
  releaseTypeLockedMessage,
} from '@fourfour/shared/releases';
import type { DbOrTx } from '../../db/client.ts';
import { events, ticketReleases } from '../../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { checkUnlockCode } from '../tickets/index.ts';
import { instantToLocal, localToInstant } from '../../lib/time.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertEditable, writeAudit } from './admin-change.ts';
import type { EventDraft } from './draft.ts';
import { type EventRow, findEventRowWithStock, lockEventRow } from './events.queries.ts';
import { type ReleaseRow, toEventSummary, toPublicRelease } from './events.view.ts';
import { invalidateEventList } from './public-list.service.ts';

/* ------------------------------------------------------------------------------------------------
 * Ticket releases (issue 20): the admin's ladder of each ticket type, and what a presale code
 * opens. The hold statement (tickets module) sells from them; the events list shows the public ones.
 * ---------------------------------------------------------------------------------------------- */

type Release = typeof ticketReleases.$inferSelect;

const orderOfLadder = [asc(ticketReleases.ticketType), asc(ticketReleases.position), asc(ticketReleases.id)];

function toAdminRelease(r: Release, timeZone: string, now: Date): AdminRelease {
  const local = (at: Date | null) => (at ? instantToLocal(at, timeZone).dateTime : null);
  return {
    id: r.id,
    ticketType: r.ticketType,
    position: r.position,
    name: r.name,
    price: penceToPounds(r.pricePence),
    quantity: r.quantity,
    sold: r.sold,
    held: r.held,
    left: Math.max(0, r.quantity - r.sold - r.held),
    state: releaseState(r, now),
    salesStart: local(r.salesStart),
    salesEnd: local(r.salesEnd),
    unlockCode: r.unlockCode,
    membersOnlyTier: r.membersOnlyTier === 'NONE' ? null : r.membersOnlyTier,
  };
}

/** GET /api/admin/events/{id}/releases: every release, hidden ones and their codes included. */
export async function listAdminReleases(app: FastifyInstance, eventId: number): Promise<AdminRelease[]> {
  const [event] = await app.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  const rows = await app.db
    .select()
    .from(ticketReleases)
    .where(eq(ticketReleases.eventId, eventId))
    .orderBy(...orderOfLadder);
  const now = new Date();
  return rows.map((r) => toAdminRelease(r, app.config.timezone, now));
}

/** A release as the admin sent it, resolved: its dates as instants, its price in pence. */
function resolveInput(input: ReleaseInput, index: number, timeZone: string) {
  const at = (local: string | null | undefined) => (local ? localToInstant(local, timeZone) : null);
  const salesStart = at(input.salesStart);
  const salesEnd = at(input.salesEnd);
  if (salesStart && salesEnd && salesEnd.getTime() <= salesStart.getTime()) {
    throw fieldError(`releases.${index}.salesEnd`, RELEASE_MESSAGES.endBeforeStart);
  }
  return {
    ticketType: input.ticketType,
    name: input.name,
    pricePence: poundsToPence(input.price),
    quantity: input.quantity,
    salesStart,
    salesEnd,
    unlockCode: input.unlockCode ?? null,
    membersOnlyTier: input.membersOnlyTier ?? null,
  };
}

/**
 * PUT /api/admin/events/{id}/releases: the whole ladder, in order. Releases sent with an id are
 * changed, without one created, and the event's releases left out deleted. Under the event's row
 * lock (the hold statement takes it before the releases), in one transaction with its audit row.
 * A release cannot go below what it has sold and holds, change type or be deleted once it has any
 * (409 naming it). The event's totals of a type sold in releases become their quantities plus the
 * tickets it sold before it had releases; its price column the highest public release price (the
 * list shows the current release's; a hidden price never shows).
 */
export async function saveReleases(
  app: FastifyInstance,
  actor: AuthUser,
  eventId: number,
  inputs: ReleaseInput[],
): Promise<AdminRelease[]> {
  const timeZone = app.config.timezone;
  const resolved = inputs.map((input, i) => resolveInput(input, i, timeZone));
  await app.db.transaction(async (tx) => {
    const current = await lockEventRow(tx, eventId);
    if (!current) throw notFound(EVENT_MESSAGES.notFound);
    assertEditable(current);
    const existing = new Map(
      (await tx.select().from(ticketReleases).where(eq(ticketReleases.eventId, eventId))).map((r) => [r.id, r]),
    );
    const seen = new Set<number>();
    inputs.forEach((input, i) => {
      if (input.id === undefined) return;
      const was = existing.get(input.id);
      if (!was) throw fieldError(`releases.${i}.id`, RELEASE_MESSAGES.notThisEvent);
      if (seen.has(input.id)) throw fieldError(`releases.${i}.id`, RELEASE_MESSAGES.duplicateId);
      seen.add(input.id);
      const committed = was.sold + was.held;
      if (input.quantity < committed)
        throw conflict(releaseBelowSoldMessage(was.name, committed), 'RELEASE_BELOW_SOLD');
      if (input.ticketType !== was.ticketType && committed > 0) {
        throw conflict(releaseTypeLockedMessage(was.name), 'RELEASE_HAS_SALES');
      }
    });
    const removed = [...existing.values()].filter((r) => !seen.has(r.id));
    const withSales = removed.find((r) => r.sold + r.held > 0);
    if (withSales) throw conflict(releaseHasSalesMessage(withSales.name), 'RELEASE_HAS_SALES');

    for (const r of removed) await tx.delete(ticketReleases).where(eq(ticketReleases.id, r.id));
    const positions: Record<TicketType, number> = { STANDARD: 0, VIP: 0 };
    for (const [i, input] of inputs.entries()) {
      const values = { ...resolved[i]!, position: ++positions[input.ticketType], updatedAt: new Date() };
      if (input.id === undefined) await tx.insert(ticketReleases).values({ ...values, eventId });
      else await tx.update(ticketReleases).set(values).where(eq(ticketReleases.id, input.id));
    }
    await tx.execute(sql`
      WITH per_type AS (
        SELECT ticket_type, sum(quantity)::int AS quantity, sum(sold + held)::int AS committed,
          max(price_pence) FILTER (WHERE unlock_code IS NULL)::int AS price
        FROM ticket_releases WHERE event_id = ${eventId} GROUP BY ticket_type
      )
      UPDATE events e SET
        has_releases = EXISTS (SELECT 1 FROM per_type),
        total_standard = coalesce((SELECT quantity + e.sold_standard + e.held_standard - committed FROM per_type WHERE ticket_type = 'STANDARD'), e.total_standard),
        standard_price_pence = coalesce((SELECT price FROM per_type WHERE ticket_type = 'STANDARD'), e.standard_price_pence),
        total_vip = coalesce((SELECT quantity + e.sold_vip + e.held_vip - committed FROM per_type WHERE ticket_type = 'VIP'), e.total_vip),
        vip_price_pence = coalesce((SELECT price FROM per_type WHERE ticket_type = 'VIP'), e.vip_price_pence),
        updated_by = ${actor.id}, updated_at = now()
      WHERE e.id = ${eventId}`);
    await writeAudit(tx, actor, 'event.releases', eventId, {
      releases: inputs.map((r) => ({
        id: r.id ?? null,
        ticketType: r.ticketType,
        name: r.name,
        price: r.price,
        quantity: r.quantity,
        hidden: !!r.unlockCode,
        membersOnlyTier: r.membersOnlyTier ?? null,
      })),
      deleted: removed.map((r) => r.id),
    });
  });
  invalidateEventList(app);
  return listAdminReleases(app, eventId);
}

/**
 * The event form's totals and prices of a type sold in releases are the releases': an edit keeps
 * the event's own (the form shows them read-only, and sends the list's figures back).
 */
export async function keepLadderedFigures(tx: DbOrTx, current: EventRow, draft: EventDraft): Promise<void> {
  if (!current.hasReleases) return;
  const laddered = await ladderedTypes(tx, current.id);
  if (laddered.has('STANDARD')) {
    draft.totalStandardTickets = current.totalStandard;
    draft.standardTicketPrice = penceToPounds(current.standardPricePence);
  }
  if (laddered.has('VIP')) {
    draft.totalVipTickets = current.totalVip;
    draft.vipTicketPrice = penceToPounds(current.vipPricePence);
  }
}

/**
 * The prices call and a type sold in releases: its price as the admin event shows it (the current
 * release's) may come back unchanged from the price editor, which sends both prices; any other
 * value is refused (409), since its prices are its releases'. Answers the laddered types.
 */
export async function assertLadderedPricesUnchanged(
  tx: DbOrTx,
  current: EventRow,
  body: EventPricesBody,
): Promise<Set<TicketType>> {
  if (!current.hasReleases) return new Set();
  const laddered = await ladderedTypes(tx, current.id);
  const withStock = await findEventRowWithStock(tx, current.id);
  // Only the prices of the summary are read here: its wall-clock fields' zone does not matter.
  const shown = toEventSummary(withStock!, 'UTC');
  const changes = (sent: number | null | undefined, shownPounds: number) =>
    sent !== undefined && poundsToPence(sent ?? 0) !== poundsToPence(shownPounds);
  if (
    (laddered.has('STANDARD') && changes(body.standardTicketPrice, shown.standardTicketPrice)) ||
    (laddered.has('VIP') && changes(body.vipTicketPrice, shown.vipTicketPrice))
  ) {
    throw conflict(RELEASE_MESSAGES.pricesInReleases, 'PRICES_IN_RELEASES');
  }
  return laddered;
}

/** The ticket types of an event sold in releases (their totals and prices are the releases'). */
export async function ladderedTypes(db: DbOrTx, eventId: number): Promise<Set<TicketType>> {
  const rows = await db
    .selectDistinct({ ticketType: ticketReleases.ticketType })
    .from(ticketReleases)
    .where(eq(ticketReleases.eventId, eventId));
  return new Set(rows.map((r) => r.ticketType));
}

/**
 * GET /api/events/{id}/releases?unlockCode=: the event's public releases and, with a code, the
 * hidden ones it opens (400 when it opens none: checkUnlockCode). Only for an event fans can see (published).
 */
export async function releasesForBuyer(
  app: FastifyInstance,
  eventId: number,
  unlockCode: string | undefined,
): Promise<UnlockedReleases> {
  const [event] = await app.db
    .select({ status: events.status, cancelled: events.cancelled })
    .from(events)
    .where(eq(events.id, eventId));
  if (event?.status !== 'PUBLISHED') throw notFound(EVENT_MESSAGES.notFound);
  const code = await checkUnlockCode(app.db, eventId, unlockCode);
  const rows = await app.db
    .select()
    .from(ticketReleases)
    .where(
      and(
        eq(ticketReleases.eventId, eventId),
        code === null
          ? sql`${ticketReleases.unlockCode} IS NULL`
          : sql`(${ticketReleases.unlockCode} IS NULL OR ${ticketReleases.unlockCode} = ${code})`,
      ),
    )
    .orderBy(...orderOfLadder);
  const unlocked = rows.filter((r) => r.unlockCode !== null).map((r) => r.id);
  const now = new Date();
  return { releases: rows.map((r) => toPublicRelease(r as ReleaseRow, now)), unlocked };
}
