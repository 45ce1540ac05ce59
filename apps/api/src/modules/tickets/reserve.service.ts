import type { VerificationStatus } from '@fourfour/shared/enums';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AFFILIATE_ROLES } from '@fourfour/shared/enums';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { MEMBERSHIP_MESSAGES } from '@fourfour/shared/memberships';
import { penceToPounds } from '@fourfour/shared/money';
import {
  AFFILIATE_DISCOUNT_PERCENT,
  PURCHASE_CLOSES_HOURS_BEFORE,
  RESERVATION_HOLD_MINUTES,
} from '@fourfour/shared/constants';
import {
  TICKET_MESSAGES,
  type TicketDraftInput,
  freeTicketBlocker,
  purchaseClosedReason,
  validateDrafts,
} from '@fourfour/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
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
  /** The buyer's verification status when the caller already read it (the auth guard does). */
  verificationStatus?: VerificationStatus;
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
 * Holds stock for 30 minutes in one statement: a conditional UPDATE of the event's counters
 * (sold + held + n <= total, on sale, not cancelled, more than 2 hours before start) feeds the
 * reservation insert, so two buyers can never both take the last ticket, and the prices come from
 * the same row. The statement also answers the event's state, so a refusal needs no second read.
 * Free tickets first lock the buyer's row, so parallel reservations cannot both spend the last
 * allowance. A refusal with lapsed holds on the event releases them and tries once more.
 */
export async function reserveTickets(app: FastifyInstance, input: ReserveInput): Promise<ReserveResult> {
  const db = app.db;
  const draftProblem = validateDrafts(input.drafts);
  if (draftProblem) throw badRequest(draftProblem);
  // Memberships: an UNDERAGE account can still sign in, but buys nothing (spec 02: access disabled).
  const verificationStatus =
    input.verificationStatus ??
    (await db.select({ v: users.verificationStatus }).from(users).where(eq(users.id, input.userId)))[0]?.v;
  if (verificationStatus === 'UNDERAGE') throw new AppError('UNDERAGE', 403, MEMBERSHIP_MESSAGES.buyingBlocked);

  let affiliateId: number | null = null;
  if (input.affiliateCode?.trim()) {
    const affiliate = await findAffiliateByCode(db, input.affiliateCode);
    if (!affiliate) {
      throw new AppError('INVALID_AFFILIATE_CODE', 400, TICKET_MESSAGES.affiliateInvalid, [
        { field: 'affiliateCode', message: TICKET_MESSAGES.affiliateInvalid },
      ]);
    }
    // Your own code earns you nothing: commission is for bringing in other buyers (the Terms).
    if (affiliate.id === input.userId) {
      throw new AppError('OWN_AFFILIATE_CODE', 400, TICKET_MESSAGES.affiliateOwnCode, [
        { field: 'affiliateCode', message: TICKET_MESSAGES.affiliateOwnCode },
      ]);
    }
    affiliateId = affiliate.id;
  }

  const drafts = input.drafts.map((d) => ({
    ticketType: d.ticketType,
    firstName: (d.firstName ?? '').trim(),
    lastName: (d.lastName ?? '').trim(),
    dateOfBirth: (d.dateOfBirth ?? '').trim(),
    useFreeTicket: !!d.useFreeTicket,
  }));
  const standardQty = drafts.filter((i) => i.ticketType === 'STANDARD').length;
  const vipQty = drafts.length - standardQty;
  const freeQty = drafts.filter((i) => i.useFreeTicket).length;
  // Each ticket's price, as discountedPricePence computes it (10% off, rounded to the penny).
  const percentPaid = affiliateId === null ? 100 : 100 - AFFILIATE_DISCOUNT_PERCENT;

  const hold = async (tx: DbOrTx) =>
    rowsOf<HoldRow>(
      await tx.execute(sql`
        WITH ev AS (
          UPDATE events SET held_standard = held_standard + ${standardQty}, held_vip = held_vip + ${vipQty}
          WHERE id = ${input.eventId} AND status = 'PUBLISHED' AND NOT cancelled
            AND starts_at > now() + make_interval(hours => ${PURCHASE_CLOSES_HOURS_BEFORE})
            AND sold_standard + held_standard + ${standardQty} <= total_standard
            AND sold_vip + held_vip + ${vipQty} <= total_vip
          RETURNING id, standard_price_pence, vip_price_pence
        ), priced AS (
          SELECT d.ord, d.elem || jsonb_build_object('pricePence', CASE
            WHEN (d.elem->>'useFreeTicket')::boolean THEN 0
            ELSE round((CASE WHEN d.elem->>'ticketType' = 'VIP' THEN ev.vip_price_pence ELSE ev.standard_price_pence END)
              * ${percentPaid} / 100.0)::int END) AS item
          FROM jsonb_array_elements(${JSON.stringify(drafts)}::jsonb) WITH ORDINALITY AS d(elem, ord), ev
        ), ins AS (
          INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, free_qty, items, affiliate_id, total_pence, expires_at)
          SELECT ${input.userId}, ev.id, 'HELD', ${standardQty}, ${vipQty}, ${freeQty},
            (SELECT jsonb_agg(item ORDER BY ord) FROM priced), ${affiliateId},
            (SELECT coalesce(sum((item->>'pricePence')::int), 0)::int FROM priced),
            now() + make_interval(mins => ${RESERVATION_HOLD_MINUTES})
          FROM ev
          RETURNING id, expires_at, total_pence
        )
        SELECT ins.id, ins.expires_at, ins.total_pence, e.id AS event_id, e.status, e.cancelled, e.starts_at,
          (ins.id IS NULL AND EXISTS (
            SELECT 1 FROM reservations r WHERE r.event_id = ${input.eventId} AND r.status = 'HELD' AND r.expires_at <= now()
          )) AS has_lapsed_holds
        FROM (SELECT 1) AS one LEFT JOIN ins ON true LEFT JOIN events e ON e.id = ${input.eventId}`),
    )[0]!;

  const attempt = async (): Promise<HoldRow> => {
    if (freeQty === 0) return hold(db);
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
        hasFreeForEvent: await hasFreeTicketForEvent(tx, input.userId, input.eventId),
      });
      if (blocker) throw new AppError('FREE_TICKET_UNAVAILABLE', 409, blocker);
      return hold(tx);
    });
  };

  let row = await attempt();
  if (!row.id && row.has_lapsed_holds && (await releaseExpiredHolds(db, input.eventId)) > 0) row = await attempt();
  if (!row.id) {
    // Tell the buyer why: no such event, the sale is closed, or the stock is not there.
    if (row.event_id === null) throw notFound(EVENT_MESSAGES.notFound);
    const reason = purchaseClosedReason({ status: row.status!, cancelled: !!row.cancelled, startsAt: row.starts_at });
    if (reason) throw conflict(reason, 'PURCHASE_CLOSED');
    throw conflict(TICKET_MESSAGES.notEnoughStock, 'NOT_ENOUGH_STOCK');
  }
  return {
    reservationToken: row.id,
    expiresAt: new Date(row.expires_at!).toISOString(),
    totalAmount: penceToPounds(row.total_pence!),
  };
}

interface HoldRow {
  id: string | null;
  expires_at: Date | string | null;
  total_pence: number | null;
  event_id: number | string | null;
  status: 'PLANNED' | 'PUBLISHED' | null;
  cancelled: boolean | null;
  starts_at: Date | string | null;
  has_lapsed_holds: boolean | null;
}
