import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AFFILIATE_ROLES } from '@fourfour/shared/enums';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { MEMBERSHIP_MESSAGES } from '@fourfour/shared/memberships';
import { RELEASE_MESSAGES } from '@fourfour/shared/releases';
import { penceToPounds } from '@fourfour/shared/money';
import { AFFILIATE_DISCOUNT_PERCENT } from '@fourfour/shared/constants';
import { exceedsAccountTicketLimit } from '@fourfour/shared/ticket-limit';
import {
  TICKET_MESSAGES,
  type TicketDraftInput,
  freeTicketBlocker,
  purchaseClosedReason,
  type ReserveResponse,
  validateDrafts,
} from '@fourfour/shared/tickets';
import { LRUCache } from 'lru-cache';
import type { Database, DbOrTx } from '../../db/client.ts';
import { LOCK_NOT_AVAILABLE } from '../../db/lanes.ts';
import { isLiveAccount, liveSession } from '../../db/live-account.ts';
import { events, ticketReleases, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { SESSION_ENDED_MESSAGE, type SessionClaims } from '../../plugins/auth.ts';
import { type HoldParams, type HoldRow, holdQuery, holdStatement } from './hold-statement.ts';
import { releaseHeldInIdOrder, releaseHeldSql } from './release-stock.ts';
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
 * another run already released no longer matches `status = 'HELD'`. The rows are taken in the
 * order of their ids (releaseHeldInIdOrder).
 */
export async function releaseExpiredHolds(db: DbOrTx, eventId?: number): Promise<number> {
  const result = await db.execute(sql`
    WITH expired AS (${releaseHeldInIdOrder(
      sql`expires_at <= now() ${eventId === undefined ? sql`` : sql`AND event_id = ${eventId}`}`,
      'EXPIRED',
    )}), sums AS (
      SELECT event_id, sum(standard_qty)::int AS s, sum(vip_qty)::int AS v, count(*)::int AS n
      FROM expired GROUP BY event_id
    ), released AS (
      UPDATE events e SET held_standard = e.held_standard - sums.s, held_vip = e.held_vip - sums.v
      FROM sums WHERE e.id = sums.event_id
      RETURNING sums.n
    ), released_releases AS (${releaseHeldSql(sql`expired`, sql`released`)})
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
      RETURNING event_id, standard_qty, vip_qty, items
    ), ev AS (
      UPDATE events e SET held_standard = e.held_standard - r.standard_qty, held_vip = e.held_vip - r.vip_qty
      FROM r WHERE e.id = r.event_id
      RETURNING e.id
    ), released_releases AS (${releaseHeldSql(sql`r`, sql`ev`)})
    SELECT id FROM ev`);
  return rowsOf(result).length > 0;
}

/**
 * Whether an event sells in releases, as this instance last saw it (per database): its holds then
 * go straight to the whole hold statement, and other events' to the one-price statement first. A
 * hint, not a rule: the one-price statement never holds on an event with releases, and the whole
 * statement holds on any event, so a stale hint costs one statement, never a wrong hold. An event
 * not seen yet is read once (concurrent holds wait for the same read: a flash sale's first burst
 * arrives before any hold has answered); every hold's answer refreshes it.
 */
const releaseHints = new WeakMap<Database, LRUCache<number, boolean>>();
const RELEASE_HINTS_KEPT = 1_000;
const RELEASE_HINT_TTL_MS = 5 * 60_000;
function releaseHintsOf(app: FastifyInstance) {
  let hints = releaseHints.get(app.database);
  if (!hints) {
    hints = new LRUCache<number, boolean>({
      max: RELEASE_HINTS_KEPT,
      ttl: RELEASE_HINT_TTL_MS,
      fetchMethod: async (eventId) => {
        const [event] = await app.db
          .select({ hasReleases: events.hasReleases })
          .from(events)
          .where(eq(events.id, eventId));
        return event?.hasReleases ?? false;
      },
    });
    releaseHints.set(app.database, hints);
  }
  return hints;
}

export interface ReserveInput {
  /**
   * The buyer's signed session (accountCheck 'statement'): the account itself (live, same session version,
   * not UNDERAGE) is checked by the hold statement, and `confirmed` set once it has been.
   */
  session: SessionClaims;
  eventId: number;
  affiliateCode?: string;
  /** A presale code (issue 20): opens the event's releases that have it. */
  unlockCode?: string;
  drafts: TicketDraftInput[];
}

export type ReserveResult = ReserveResponse;

/**
 * Holds stock for 30 minutes (holdStatement). Without free tickets that is the whole reservation:
 * one round trip, a prepared statement on the event's pipelined lane (the one-price statement, or
 * the whole one for an event in releases), no transaction. Free tickets first lock the buyer's row
 * in a transaction, so parallel reservations cannot both spend the last allowance. A refusal with
 * lapsed holds on the event releases them and tries once more.
 */
export async function reserveTickets(app: FastifyInstance, input: ReserveInput): Promise<ReserveResult> {
  const db = app.db;
  const { session } = input;
  const draftProblem = validateDrafts(input.drafts);
  if (draftProblem) throw badRequest(draftProblem);

  let affiliateId: number | null = null;
  if (input.affiliateCode?.trim()) {
    const affiliate = await findAffiliateByCode(db, input.affiliateCode);
    if (!affiliate) {
      throw new AppError('INVALID_AFFILIATE_CODE', 400, TICKET_MESSAGES.affiliateInvalid, [
        { field: 'affiliateCode', message: TICKET_MESSAGES.affiliateInvalid },
      ]);
    }
    // Your own code earns you nothing: commission is for bringing in other buyers (the Terms).
    if (affiliate.id === session.userId) {
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
  const unlockCode = await checkUnlockCode(db, input.eventId, input.unlockCode);
  const standardQty = drafts.filter((i) => i.ticketType === 'STANDARD').length;
  const params: HoldParams = {
    userId: session.userId,
    sessionVersion: session.sessionVersion,
    sessionId: session.sessionId,
    eventId: input.eventId,
    standardQty,
    vipQty: drafts.length - standardQty,
    freeQty: drafts.filter((i) => i.useFreeTicket).length,
    // Each ticket's price, as discountedPricePence computes it (10% off, rounded to the penny).
    percentPaid: affiliateId === null ? 100 : 100 - AFFILIATE_DISCOUNT_PERCENT,
    drafts: JSON.stringify(drafts),
    affiliateId,
    unlockCode,
  };

  // On the event's lane (db/lanes.ts): the event's holds queue on its row anyway.
  const onLane = async (onePriceHold: boolean): Promise<HoldRow> => {
    const query = holdQuery(params, { onePriceHold });
    try {
      return (await app.database.onLane<HoldRow>(params.eventId, query.text, query.values, query.name)).rows[0]!;
    } catch (err) {
      // A row the hold needs was held elsewhere for longer than a lane waits: nothing was held.
      if ((err as { code?: unknown }).code === LOCK_NOT_AVAILABLE) {
        throw conflict(TICKET_MESSAGES.reservationFailed, 'RESERVATION_BUSY');
      }
      throw err;
    }
  };
  const attempt = async (): Promise<HoldRow> => {
    if (params.freeQty === 0) {
      // The one-price statement first (holdStatement): what it held, and what it refused without
      // taking the buyer's row (no stock, an ended session, a row changed meanwhile), is its answer.
      // An event selling in releases, or a refusal after it took the buyer's row (stock taken or
      // releases added meanwhile, the account's limit), is decided by the whole statement.
      const hints = releaseHintsOf(app);
      // A failed or abandoned read of the hint (lru-cache drops a read when a hold's answer sets the
      // entry meanwhile) only means "not known": the one-price statement is tried.
      if (!(await hints.fetch(params.eventId).catch(() => false))) {
        const found = await onLane(true);
        if (found.id || found.buyer_status === null || !(found.sells_in_releases || found.claimed_buyer)) return found;
      }
      const found = await onLane(false);
      hints.set(params.eventId, !!found.sells_in_releases);
      return found;
    }
    return db.transaction(async (tx) => {
      // Serialises this user's free claims: a parallel reservation waits here and then sees this one.
      const [user] = await tx
        .select({
          tier: users.subscriptionTier,
          subscriptionStatus: users.subscriptionStatus,
          subscriptionExpiresAt: users.subscriptionExpiresAt,
          verificationStatus: users.verificationStatus,
          sessionVersion: users.sessionVersion,
          sessionLive: liveSession(sql`${session.sessionId}::uuid`),
          disabled: users.disabled,
          deleted: users.deleted,
        })
        .from(users)
        .where(eq(users.id, session.userId))
        .for('update');
      if (!user || !isLiveAccount(user, session)) throw unauthorized(SESSION_ENDED_MESSAGE);
      session.confirmed = true;
      if (user.verificationStatus === 'UNDERAGE') throw underage();
      const year = currentYear(app.config.timezone);
      const blocker = freeTicketBlocker({
        ...user,
        usedThisYear:
          (await countFreeTicketsUsed(tx, session.userId, year, app.config.timezone)) +
          (await countFreeTicketsHeld(tx, session.userId, year, app.config.timezone)),
        hasFreeForEvent: await hasFreeTicketForEvent(tx, session.userId, input.eventId),
      });
      if (blocker) throw new AppError('FREE_TICKET_UNAVAILABLE', 409, blocker);
      return rowsOf<HoldRow>(await tx.execute(holdStatement((name) => sql`${params[name]}`)))[0]!;
    });
  };

  // The account, as the statement found it (gone, disabled or signed out everywhere; or UNDERAGE),
  // before anything else happens on its behalf.
  const checkBuyer = (found: HoldRow) => {
    if (found.buyer_status === null) throw unauthorized(SESSION_ENDED_MESSAGE);
    session.confirmed = true;
    if (found.buyer_status === 'UNDERAGE') throw underage();
    return found;
  };
  // A statement that found the buyer's row changed after its snapshot (a parallel hold by the same
  // account, see holdStatement) decided nothing: it runs again and then sees that hold. Each round
  // lets at least one of the account's parallel requests through.
  const hold = async (): Promise<HoldRow> => {
    for (let round = 1; ; round++) {
      const found = checkBuyer(await attempt());
      if (found.claimed) return found;
      if (round === MAX_CLAIM_ROUNDS) throw conflict(TICKET_MESSAGES.reservationFailed, 'RESERVATION_BUSY');
    }
  };
  const isOverLimit = (found: HoldRow) => exceedsAccountTicketLimit(found.owned, drafts.length);
  let row = await hold();
  // Held while holds of the event's releases had lapsed but were not yet swept: the order may have
  // been priced above a release those holds kept sold out. It is let go, the lapsed holds go, and
  // the order is held again, now at the lower price (issue 20: "when holds on an earlier release
  // lapse, that release is current again"). Rare (a lapsed hold lives at most a minute).
  if (row.id && row.has_lapsed_release_holds) {
    await releaseReservation(db, row.id, 'CANCELLED');
    await releaseExpiredHolds(db, input.eventId);
    row = await hold();
  }
  // Try again once the lapsed holds are gone, whoever released them: the hourly sweep or another
  // buyer's request may have got there first (then this release counts nothing), and stopping on a
  // count of 0 refused buyers while the stock stood free again (seen on PostgreSQL).
  if (!row.id && row.has_lapsed_holds && !isOverLimit(row)) {
    await releaseExpiredHolds(db, input.eventId);
    row = await hold();
  }
  if (!row.id) {
    // Tell the buyer why: no such event, the sale is closed, the account's limit, or the stock is not there.
    if (row.event_id === null) throw notFound(EVENT_MESSAGES.notFound);
    const reason = purchaseClosedReason({ status: row.status!, cancelled: !!row.cancelled, startsAt: row.starts_at });
    if (reason) throw conflict(reason, 'PURCHASE_CLOSED');
    if (isOverLimit(row)) throw conflict(TICKET_MESSAGES.ticketLimit, 'TICKET_LIMIT');
    if (row.members_only) throw conflict(RELEASE_MESSAGES.membersOnly, 'MEMBERS_ONLY');
    throw conflict(TICKET_MESSAGES.notEnoughStock, 'NOT_ENOUGH_STOCK');
  }
  return {
    reservationToken: row.id,
    expiresAt: new Date(row.expires_at!).toISOString(),
    totalAmount: penceToPounds(row.total_pence!),
    tickets: (row.items ?? []).map((item) => ({
      ticketType: item.ticketType,
      price: penceToPounds(item.pricePence),
      releaseId: item.releaseId ?? null,
    })),
  };
}

/**
 * A presale code sent with a reservation must open at least one of the event's releases: the code
 * upper-cased for the hold statement, null when none was sent; a code that opens nothing is 400.
 */
export async function checkUnlockCode(db: DbOrTx, eventId: number, code: string | undefined): Promise<string | null> {
  const trimmed = code?.trim();
  if (!trimmed) return null;
  const normalised = trimmed.toUpperCase();
  const [found] = await db
    .select({ id: ticketReleases.id })
    .from(ticketReleases)
    .where(and(eq(ticketReleases.eventId, eventId), eq(ticketReleases.unlockCode, normalised)))
    .limit(1);
  if (!found) {
    throw new AppError('INVALID_UNLOCK_CODE', 400, RELEASE_MESSAGES.codeInvalid, [
      { field: 'unlockCode', message: RELEASE_MESSAGES.codeInvalid },
    ]);
  }
  return normalised;
}

/** Rounds of the hold before giving up on an account racing itself (each round lets one of its requests through). */
const MAX_CLAIM_ROUNDS = 20;

/** Memberships: an UNDERAGE account can still sign in, but buys nothing (spec 02: access disabled). */
const underage = () => new AppError('UNDERAGE', 403, MEMBERSHIP_MESSAGES.buyingBlocked);
