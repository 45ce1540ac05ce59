import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AFFILIATE_ROLES } from '@fourfour/shared/enums';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { penceToPounds } from '@fourfour/shared/money';
import { RESERVATION_HOLD_MINUTES, PURCHASE_CLOSES_HOURS_BEFORE } from '@fourfour/shared/constants';
import {
  TICKET_MESSAGES,
  type TicketDraftInput,
  discountedPricePence,
  freeTicketBlocker,
  purchaseClosedReason,
  validateDrafts,
} from '@fourfour/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import type { TicketDraft } from '../../db/schema/tickets.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  countFreeTicketsHeld,
  countFreeTicketsUsed,
  currentYear,
  hasFreeTicketForEvent,
} from './free-tickets.service.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** An affiliate code is valid when it belongs to a live AFFILIATE, ADMIN or MASTER. */
export async function findAffiliateByCode(db: DbOrTx, code: string | undefined | null) {
  const trimmed = code?.trim();
  if (!trimmed || trimmed.length > 64) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(eq(users.affiliateCode, trimmed), eq(users.affiliateCode, trimmed.toUpperCase())),
        inArray(users.role, [...AFFILIATE_ROLES]),
        eq(users.deleted, false),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Releases every hold whose time is up (of one event, or all): the reservations become EXPIRED and
 * their quantities leave events.held_* in the same statement. Safe to run concurrently: a row
 * another run already released no longer matches `status = 'HELD'`.
 */
export async function releaseExpiredHolds(db: DbOrTx, eventId?: number): Promise<number> {
  const result = await db.execute(sql`
    WITH expired AS (
      UPDATE reservations SET status = 'EXPIRED', released_at = now()
      WHERE status = 'HELD' AND expires_at <= now() ${eventId === undefined ? sql`` : sql`AND event_id = ${eventId}`}
      RETURNING event_id, standard_qty, vip_qty
    ), sums AS (
      SELECT event_id, sum(standard_qty)::int AS s, sum(vip_qty)::int AS v, count(*)::int AS n
      FROM expired GROUP BY event_id
    ), released AS (
      UPDATE events e SET held_standard = e.held_standard - sums.s, held_vip = e.held_vip - sums.v
      FROM sums WHERE e.id = sums.event_id
      RETURNING sums.n
    )
    SELECT coalesce(sum(n), 0)::int AS n FROM released`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Gives a HELD reservation's stock back at once (checkout expired or cancelled, event cancelled).
 * Answers false when it was no longer held.
 */
export async function releaseReservation(tx: DbOrTx, reservationId: string, status: 'EXPIRED' | 'CANCELLED') {
  const result = await tx.execute(sql`
    WITH r AS (
      UPDATE reservations SET status = ${status}, released_at = now()
      WHERE id = ${reservationId} AND status = 'HELD'
      RETURNING event_id, standard_qty, vip_qty
    )
    UPDATE events e SET held_standard = e.held_standard - r.standard_qty, held_vip = e.held_vip - r.vip_qty
    FROM r WHERE e.id = r.event_id
    RETURNING e.id`);
  return rowsOf(result).length > 0;
}

export interface ReserveInput {
  userId: number;
  eventId: number;
  affiliateCode?: string;
  drafts: TicketDraftInput[];
}

export interface ReserveResult {
  reservationToken: string;
  expiresAt: string;
  totalAmount: number;
}

/**
 * Holds stock for 30 minutes. The hold is one statement: a conditional UPDATE of the event's
 * counters (sold + held + n <= total, on sale, not cancelled, more than 2 hours before start) and
 * the reservation insert fed by it, so two buyers can never both take the last ticket. Free tickets
 * also lock the buyer's row, so two parallel reservations cannot both spend the last allowance.
 */
export async function reserveTickets(app: FastifyInstance, input: ReserveInput): Promise<ReserveResult> {
  const db = app.db;
  const draftProblem = validateDrafts(input.drafts);
  if (draftProblem) throw badRequest(draftProblem);

  const [event] = await db
    .select({
      id: events.id,
      status: events.status,
      cancelled: events.cancelled,
      startsAt: events.startsAt,
      standardPricePence: events.standardPricePence,
      vipPricePence: events.vipPricePence,
    })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  const closed = purchaseClosedReason(event);
  if (closed) throw conflict(closed, 'PURCHASE_CLOSED');

  let affiliateId: number | null = null;
  if (input.affiliateCode?.trim()) {
    const affiliate = await findAffiliateByCode(db, input.affiliateCode);
    // Your own code earns you nothing: commission is for bringing in other buyers.
    if (!affiliate || affiliate.id === input.userId) {
      throw new AppError('INVALID_AFFILIATE_CODE', 400, TICKET_MESSAGES.affiliateInvalid, [
        { field: 'affiliateCode', message: TICKET_MESSAGES.affiliateInvalid },
      ]);
    }
    affiliateId = affiliate.id;
  }

  const items: TicketDraft[] = input.drafts.map((d) => {
    const base = d.ticketType === 'VIP' ? event.vipPricePence : event.standardPricePence;
    return {
      ticketType: d.ticketType,
      firstName: (d.firstName ?? '').trim(),
      lastName: (d.lastName ?? '').trim(),
      dateOfBirth: (d.dateOfBirth ?? '').trim(),
      useFreeTicket: !!d.useFreeTicket,
      pricePence: d.useFreeTicket ? 0 : discountedPricePence(base, affiliateId !== null),
    };
  });
  const standardQty = items.filter((i) => i.ticketType === 'STANDARD').length;
  const vipQty = items.length - standardQty;
  const freeQty = items.filter((i) => i.useFreeTicket).length;
  const totalPence = items.reduce((sum, i) => sum + i.pricePence, 0);

  const hold = (tx: DbOrTx) =>
    tx.execute(sql`
      WITH ev AS (
        UPDATE events SET held_standard = held_standard + ${standardQty}, held_vip = held_vip + ${vipQty}
        WHERE id = ${event.id} AND status = 'PUBLISHED' AND NOT cancelled
          AND starts_at > now() + make_interval(hours => ${PURCHASE_CLOSES_HOURS_BEFORE})
          AND sold_standard + held_standard + ${standardQty} <= total_standard
          AND sold_vip + held_vip + ${vipQty} <= total_vip
        RETURNING id
      )
      INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, free_qty, items, affiliate_id, total_pence, expires_at)
      SELECT ${input.userId}, ev.id, 'HELD', ${standardQty}, ${vipQty}, ${freeQty}, ${JSON.stringify(items)}::jsonb,
        ${affiliateId}, ${totalPence}, now() + make_interval(mins => ${RESERVATION_HOLD_MINUTES})
      FROM ev
      RETURNING id, expires_at`);

  const attempt = async (): Promise<{ id: string; expires_at: Date | string } | undefined> => {
    if (freeQty === 0) return rowsOf<{ id: string; expires_at: Date | string }>(await hold(db))[0];
    return db.transaction(async (tx) => {
      // Serialises this user's free claims: a parallel reservation waits here and then sees this one.
      const [user] = await tx
        .select({
          tier: users.subscriptionTier,
          subscriptionStatus: users.subscriptionStatus,
          subscriptionExpiresAt: users.subscriptionExpiresAt,
          verificationStatus: users.verificationStatus,
        })
        .from(users)
        .where(eq(users.id, input.userId))
        .for('update');
      if (!user) throw notFound();
      const year = currentYear(app.config.timezone);
      const blocker = freeTicketBlocker({
        ...user,
        usedThisYear:
          (await countFreeTicketsUsed(tx, input.userId, year, app.config.timezone)) +
          (await countFreeTicketsHeld(tx, input.userId, year, app.config.timezone)),
        hasFreeForEvent: await hasFreeTicketForEvent(tx, input.userId, event.id),
      });
      if (blocker) throw new AppError('FREE_TICKET_UNAVAILABLE', 409, blocker);
      return rowsOf<{ id: string; expires_at: Date | string }>(await hold(tx))[0];
    });
  };

  let row = await attempt();
  if (!row && (await releaseExpiredHolds(db, event.id)) > 0) row = await attempt();
  if (!row) {
    // Tell the buyer why: the sale closed meanwhile, or the stock is not there.
    const [now] = await db.select().from(events).where(eq(events.id, event.id));
    const reason = now ? purchaseClosedReason(now) : TICKET_MESSAGES.eventCancelled;
    if (reason) throw conflict(reason, 'PURCHASE_CLOSED');
    throw conflict(TICKET_MESSAGES.notEnoughStock, 'NOT_ENOUGH_STOCK');
  }
  return {
    reservationToken: row.id,
    expiresAt: new Date(row.expires_at).toISOString(),
    totalAmount: penceToPounds(totalPence),
  };
}
