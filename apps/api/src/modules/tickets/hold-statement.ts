import { eq, fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { VerificationStatus } from '@fourfour/shared/enums';
import { RESERVATION_HOLD_MINUTES } from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { liveAccount } from '../../db/live-account.ts';
import { purchaseWindowOpenSql } from '../../db/purchase-window.ts';
import { users } from '../../db/schema/index.ts';
import { withinAccountTicketLimitSql } from '../../db/ticket-limit.ts';

/** The values the hold statement takes (placeholders of HOLD_QUERY). */
export interface HoldParams {
  userId: number;
  sessionVersion: number;
  /** The access token's session (signed-in device), checked live by liveAccount. */
  sessionId: string;
  eventId: number;
  standardQty: number;
  vipQty: number;
  freeQty: number;
  percentPaid: number;
  drafts: string;
  affiliateId: number | null;
}

/**
 * The hold, as one statement: the buyer's account is checked (live, same session version, not
 * UNDERAGE), a conditional UPDATE of the event's counters (sold + held + n <= total, on sale, not
 * cancelled, more than 2 hours before start) feeds the reservation insert, so two buyers can never
 * both take the last ticket, and the prices come from the same row. It also answers the account's
 * and the event's state, so a refusal needs no second read.
 *
 * The account may hold and own at most MAX_TICKETS_PER_ACCOUNT_PER_EVENT tickets of the event (live
 * holds + issued tickets, void ones excluded), counted in `mine`. A count read in this statement's
 * snapshot would miss a parallel hold by the same account, so `claim` takes the buyer's row with an
 * UPDATE that changes nothing but makes a new row version: parallel holds of one account queue on
 * that row, and one whose snapshot is older than the version it finds (another hold, or any other
 * write of the account, committed meanwhile) claims nothing, holds nothing and answers
 * `claimed = false`, so the service runs it again with a fresh snapshot. The free path runs this
 * statement inside its transaction; anything else that adds to an account's tickets (a late
 * payment's re-hold) takes the row the same way first (claimBuyerRow).
 */
export const holdStatement = (v: (name: keyof HoldParams) => SQLWrapper) => sql`
  WITH buyer AS (${liveAccount(v('userId'), v('sessionVersion'), v('sessionId'))}), claim AS (
    UPDATE users SET session_version = session_version
    WHERE id = ${v('userId')} AND EXISTS (SELECT 1 FROM buyer)
      AND xmin = (SELECT xmin FROM users WHERE id = ${v('userId')})
    RETURNING id
  ), mine AS (${ticketsOfAccount(v('userId'), v('eventId'))}), ev AS (
    UPDATE events SET held_standard = held_standard + ${v('standardQty')}, held_vip = held_vip + ${v('vipQty')}
    WHERE id = ${v('eventId')} AND status = 'PUBLISHED' AND NOT cancelled
      AND ${purchaseWindowOpenSql(sql`starts_at`)}
      AND sold_standard + held_standard + ${v('standardQty')} <= total_standard
      AND sold_vip + held_vip + ${v('vipQty')} <= total_vip
      AND EXISTS (SELECT 1 FROM buyer WHERE verification_status <> 'UNDERAGE')
      AND EXISTS (SELECT 1 FROM claim)
      AND ${withinAccountTicketLimitSql(sql`(SELECT n FROM mine)`, sql`${v('standardQty')} + ${v('vipQty')}`)}
    RETURNING id, standard_price_pence, vip_price_pence
  ), priced AS (
    SELECT d.ord, d.elem || jsonb_build_object('pricePence', CASE
      WHEN (d.elem->>'useFreeTicket')::boolean THEN 0
      ELSE round((CASE WHEN d.elem->>'ticketType' = 'VIP' THEN ev.vip_price_pence ELSE ev.standard_price_pence END)
        * ${v('percentPaid')} / 100.0)::int END) AS item
    FROM jsonb_array_elements(${v('drafts')}::jsonb) WITH ORDINALITY AS d(elem, ord), ev
  ), ins AS (
    INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, free_qty, items, affiliate_id, total_pence, expires_at)
    SELECT ${v('userId')}, ev.id, 'HELD', ${v('standardQty')}, ${v('vipQty')}, ${v('freeQty')},
      (SELECT jsonb_agg(item ORDER BY ord) FROM priced), ${v('affiliateId')},
      (SELECT coalesce(sum((item->>'pricePence')::int), 0)::int FROM priced),
      now() + make_interval(mins => ${sql.raw(String(RESERVATION_HOLD_MINUTES))})
    FROM ev
    RETURNING id, expires_at, total_pence
  )
  SELECT ins.id, ins.expires_at, ins.total_pence, e.id AS event_id, e.status, e.cancelled, e.starts_at,
    (SELECT verification_status FROM buyer) AS buyer_status,
    EXISTS (SELECT 1 FROM claim) AS claimed, (SELECT n FROM mine) AS owned,
    (ins.id IS NULL AND EXISTS (
      SELECT 1 FROM reservations r WHERE r.event_id = ${v('eventId')} AND r.status = 'HELD' AND r.expires_at <= now()
    )) AS has_lapsed_holds
  FROM (SELECT 1) AS one LEFT JOIN ins ON true LEFT JOIN events e ON e.id = ${v('eventId')}`;
/**
 * The tickets of an event an account holds (live holds) and owns (issued, not void), as one row
 * `n`: what MAX_TICKETS_PER_ACCOUNT_PER_EVENT limits.
 */
export const ticketsOfAccount = (userId: SQLWrapper, eventId: SQLWrapper) => sql`
  SELECT ((SELECT count(*) FROM tickets t WHERE t.user_id = ${userId} AND t.event_id = ${eventId} AND t.status <> 'VOID')
    + (SELECT coalesce(sum(r.standard_qty + r.vip_qty), 0) FROM reservations r
      WHERE r.user_id = ${userId} AND r.event_id = ${eventId} AND r.status = 'HELD' AND r.expires_at > now()))::int AS n`;

/**
 * Takes the buyer's row as the hold statement's `claim` does, for a transaction that adds to the
 * account's tickets outside that statement: held until commit, and a new row version, so a hold
 * statement running meanwhile claims nothing and runs again (then seeing this transaction's
 * tickets). Answers what the free-ticket rules read, or nothing for an unknown account.
 */
export async function claimBuyerRow(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion}` })
    .where(eq(users.id, userId))
    .returning({
      tier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
      verificationStatus: users.verificationStatus,
    });
  return row;
}

/** holdStatement with its values as placeholders: the text is the same for every reservation. */
const HOLD_QUERY = new PgDialect().sqlToQuery(holdStatement((name) => sql.placeholder(name)));

/** The hold as it goes to PostgreSQL without free tickets: a named prepared statement (and the benchmark's baseline). */
export const holdQuery = (params: HoldParams) => ({
  name: 'reserve_hold',
  text: HOLD_QUERY.sql,
  values: fillPlaceholders(HOLD_QUERY.params, params as unknown as Record<string, unknown>),
});

export interface HoldRow {
  id: string | null;
  expires_at: Date | string | null;
  total_pence: number | null;
  event_id: number | string | null;
  status: 'PLANNED' | 'PUBLISHED' | null;
  cancelled: boolean | null;
  starts_at: Date | string | null;
  has_lapsed_holds: boolean | null;
  /** The buyer's verification status; null when the session's account may no longer act. */
  buyer_status: VerificationStatus | null;
  /** false: the buyer's row changed after this statement's snapshot (see holdStatement); run it again. */
  claimed: boolean;
  /** Tickets of the event the account held (live holds) and owned before this statement. */
  owned: number;
}
