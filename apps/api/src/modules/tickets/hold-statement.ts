import { eq, fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { VerificationStatus } from '@fourfour/shared/enums';
import { RESERVATION_HOLD_MINUTES } from '@fourfour/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { liveAccount } from '../../db/live-account.ts';
import { membershipActiveSql } from '../../db/membership-active.ts';
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
  /** A presale code (upper-cased) or null: releases with this code are open to this buyer too. */
  unlockCode: string | null;
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
 * payment's re-hold) takes the row the same way first (claimBuyerRow). The buyer's row is only
 * claimed while the event has the stock in this statement's snapshot (`stock`): a buyer who comes
 * after the sale sold out writes nothing, so its refusal is read-only and waits on no WAL flush
 * (`claimed` is then true: running it again could not hold anything either).
 *
 * The hold commits asynchronously (`set_config('synchronous_commit', 'off', true)`, local to this
 * transaction): every hold of an event queues on its row, and that lock is held until commit, so
 * with a synchronous commit the WAL flush (~0.3 ms here) was paid in series by every buyer, half
 * of a flash sale's time. A hold is not money: if PostgreSQL itself crashes within the WAL
 * writer's delay (200 ms) after answering, that hold is lost whole (stock and reservation
 * together, never half), and the buyer's checkout answers that the reservation has ended. Any later
 * synchronous commit (the checkout's order row, any other write) flushes the WAL up to it first, so
 * no order or payment ever refers to a hold that could be lost (docs/decisions.md, issue 19).
 *
 * `releases: false` gives the same statement for an event that sells at one price (onePriceHold):
 * without the releases' parts, which cost the database a third of each execution's work even when
 * an event has no releases. It holds only while the event's latest row has no releases, and claims
 * the buyer only while its snapshot shows none; any other answer that claimed the buyer is decided
 * again by the whole statement (reserve.service.ts).
 */
export const holdStatement = (v: (name: keyof HoldParams) => SQLWrapper, { releases = true } = {}) => sql`
  WITH buyer AS (${liveAccount(v('userId'), v('sessionVersion'), v('sessionId'))}), stock AS (
    SELECT 1 FROM events WHERE id = ${v('eventId')}
      AND sold_standard + held_standard + ${v('standardQty')} <= total_standard
      AND sold_vip + held_vip + ${v('vipQty')} <= total_vip${releases ? sql`` : sql` AND NOT has_releases`}
  ), claim AS (
    UPDATE users SET session_version = session_version
    WHERE id = ${v('userId')} AND EXISTS (SELECT 1 FROM buyer) AND EXISTS (SELECT 1 FROM stock)
      AND xmin = (SELECT xmin FROM users WHERE id = ${v('userId')})
    RETURNING id
  ), mine AS (${ticketsOfAccount(v('userId'), v('eventId'))}), ${releases ? releaseLadder(v) : NO_LADDER}, ev AS (
    UPDATE events SET held_standard = held_standard + ${v('standardQty')}, held_vip = held_vip + ${v('vipQty')}
    WHERE id = ${v('eventId')} AND status = 'PUBLISHED' AND NOT cancelled
      AND ${purchaseWindowOpenSql(sql`starts_at`)}
      AND sold_standard + held_standard + ${v('standardQty')} <= total_standard
      AND sold_vip + held_vip + ${v('vipQty')} <= total_vip
      AND EXISTS (SELECT 1 FROM buyer WHERE verification_status <> 'UNDERAGE')
      AND EXISTS (SELECT 1 FROM claim)
      AND ${withinAccountTicketLimitSql(sql`(SELECT n FROM mine)`, sql`${v('standardQty')} + ${v('vipQty')}`)}
      AND ${releases ? sql`has_releases = EXISTS (SELECT 1 FROM rel) AND (SELECT ok FROM fits)` : sql`NOT has_releases`}
    RETURNING id, standard_price_pence, vip_price_pence
  )${
    releases
      ? sql`, rel_held AS (
    -- The counters are written from the row as rel locked it (its latest version), not from the
    -- version this statement's snapshot shows: PostgreSQL checks a CHECK on the new row built from
    -- the snapshot's version before it re-reads a row changed meanwhile, and a sweep that lowered
    -- held after the snapshot made that first row break sold + held <= quantity (a 500), though
    -- the row written from the latest version was within it.
    UPDATE ticket_releases r SET quantity = a.quantity, sold = a.sold, held = a.held + a.take
    FROM alloc a WHERE r.id = a.id AND a.take > 0 AND EXISTS (SELECT 1 FROM ev)
    RETURNING r.id
  )`
      : sql``
  }, priced AS (
    SELECT d.ord, d.elem || jsonb_build_object('releaseId', a.id, 'pricePence', CASE
      WHEN (d.elem->>'useFreeTicket')::boolean THEN 0
      ELSE round(coalesce(a.price_pence, CASE WHEN d.elem->>'ticketType' = 'VIP' THEN ev.vip_price_pence ELSE ev.standard_price_pence END)
        * ${v('percentPaid')} / 100.0)::int END) AS item
    FROM (
      SELECT elem, ord, row_number() OVER (PARTITION BY elem->>'ticketType' ORDER BY ord) AS k
      FROM jsonb_array_elements(${v('drafts')}::jsonb) WITH ORDINALITY AS x(elem, ord)
    ) AS d CROSS JOIN ev
    ${releases ? sql`LEFT JOIN alloc a ON a.ticket_type::text = d.elem->>'ticketType' AND d.k > a.before AND d.k <= a.before + a.take` : sql`LEFT JOIN (SELECT NULL::bigint AS id, NULL::integer AS price_pence) AS a ON false`}
  ), ins AS (
    INSERT INTO reservations (user_id, event_id, status, standard_qty, vip_qty, free_qty, items, affiliate_id, total_pence, expires_at)
    SELECT ${v('userId')}, ev.id, 'HELD', ${v('standardQty')}, ${v('vipQty')}, ${v('freeQty')},
      (SELECT jsonb_agg(item ORDER BY ord) FROM priced), ${v('affiliateId')},
      (SELECT coalesce(sum((item->>'pricePence')::int), 0)::int FROM priced),
      now() + make_interval(mins => ${sql.raw(String(RESERVATION_HOLD_MINUTES))})
    FROM ev
    RETURNING id, expires_at, total_pence, items
  )
  SELECT ins.id, ins.expires_at, ins.total_pence, ins.items, e.id AS event_id, e.status, e.cancelled, e.starts_at,
    (SELECT verification_status FROM buyer) AS buyer_status,
    (EXISTS (SELECT 1 FROM claim) OR NOT EXISTS (SELECT 1 FROM stock))
      ${releases ? sql`AND NOT (EXISTS (SELECT 1 FROM lock_ev) AND NOT EXISTS (SELECT 1 FROM rel))` : sql``} AS claimed,
    EXISTS (SELECT 1 FROM claim) AS claimed_buyer,
    (SELECT n FROM mine) AS owned,
    ${releases ? sql`EXISTS (SELECT 1 FROM lock_ev)` : sql`false`} AS has_releases,
    e.has_releases AS sells_in_releases,
    (ins.id IS NULL AND EXISTS (
      SELECT 1 FROM reservations r WHERE r.event_id = ${v('eventId')} AND r.status = 'HELD' AND r.expires_at <= now()
    )) AS has_lapsed_holds,
    ${
      releases
        ? sql`(ins.id IS NOT NULL AND EXISTS (SELECT 1 FROM lock_ev) AND EXISTS (
      SELECT 1 FROM reservations r, jsonb_array_elements(r.items) AS i
      WHERE r.event_id = ${v('eventId')} AND r.status = 'HELD' AND r.expires_at <= now() AND i->>'releaseId' IS NOT NULL
    )) AS has_lapsed_release_holds,
    (ins.id IS NULL AND EXISTS (
      SELECT 1 FROM rel JOIN want w ON w.t = rel.ticket_type AND w.n > 0
      WHERE rel.on_sale AND NOT rel.member_ok AND rel.avail > 0
    )) AS members_only`
        : sql`false AS has_lapsed_release_holds, false AS members_only`
    }
  FROM (SELECT set_config('synchronous_commit', 'off', true)) AS one LEFT JOIN ins ON true LEFT JOIN events e ON e.id = ${v('eventId')}`;

/** In the one-price statement, in place of the releases' CTEs (never read, so never run). */
const NO_LADDER = sql`no_releases AS (SELECT 1)`;

/**
 * The releases part of the hold (issue 20), as CTEs: `lock_ev` takes the event's row when it has
 * releases (after the buyer's row, as the rest of the statement does), so that a release's stock
 * only ever changes under its event's lock; `rel` reads the event's releases, locked, at their
 * latest values, each with `on_sale` (inside its dates, public or unlocked by the buyer's code) and
 * `member_ok` (not members-only, or the account has an active, verified membership of that tier or
 * above);
 * `alloc` walks each type's open releases in order and takes what is left in each until the
 * buyer's count is met (`before` tickets of the type come from earlier releases); `fits` says
 * every type with releases was met in full. A type without releases sells from the event's row.
 * An event whose releases were added after this statement's snapshot (lock_ev found its row but
 * rel nothing) holds nothing and answers claimed = false: the service runs it again.
 */
const releaseLadder = (v: (name: keyof HoldParams) => SQLWrapper) => sql`lock_ev AS (
    SELECT id FROM events WHERE id = ${v('eventId')} AND has_releases AND EXISTS (SELECT 1 FROM claim)
      AND sold_standard + held_standard + ${v('standardQty')} <= total_standard
      AND sold_vip + held_vip + ${v('vipQty')} <= total_vip
    FOR UPDATE
  ), rel AS (
    SELECT r.id, r.ticket_type, r.position, r.price_pence, r.quantity, r.sold, r.held,
      r.quantity - r.sold - r.held AS avail,
      ((r.sales_start IS NULL OR r.sales_start <= now()) AND (r.sales_end IS NULL OR r.sales_end > now())
        AND (r.unlock_code IS NULL OR r.unlock_code = ${v('unlockCode')})) AS on_sale,
      (r.members_only_tier IS NULL OR EXISTS (
          SELECT 1 FROM users u WHERE u.id = ${v('userId')} AND u.verification_status = 'VERIFIED'
            AND ${membershipActiveSql({ tier: sql`u.subscription_tier`, status: sql`u.subscription_status`, expiresAt: sql`u.subscription_expires_at` })}
            AND u.subscription_tier >= r.members_only_tier)) AS member_ok
    FROM ticket_releases r JOIN lock_ev ON r.event_id = lock_ev.id
    ORDER BY r.id
    FOR UPDATE OF r
  ), want AS (
    SELECT 'STANDARD'::ticket_type AS t, ${v('standardQty')}::int AS n UNION ALL SELECT 'VIP'::ticket_type, ${v('vipQty')}::int
  ), ladder AS (
    SELECT rel.id, rel.ticket_type, rel.price_pence, rel.quantity, rel.sold, rel.held, rel.avail, w.n,
      coalesce(sum(rel.avail) OVER (PARTITION BY rel.ticket_type ORDER BY rel.position, rel.id
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::int AS before
    FROM rel JOIN want w ON w.t = rel.ticket_type
    WHERE rel.on_sale AND rel.member_ok AND rel.avail > 0
  ), alloc AS (
    SELECT id, ticket_type, price_pence, quantity, sold, held, before,
      greatest(0, least(avail, n - before))::int AS take
    FROM ladder
  ), fits AS (
    SELECT coalesce(bool_and(
      NOT EXISTS (SELECT 1 FROM rel WHERE rel.ticket_type = w.t)
      OR (SELECT coalesce(sum(take), 0) FROM alloc WHERE alloc.ticket_type = w.t) = w.n), true) AS ok
    FROM want w WHERE w.n > 0
  )`;

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
const HOLD_QUERIES = {
  releases: new PgDialect().sqlToQuery(holdStatement((name) => sql.placeholder(name))),
  onePrice: new PgDialect().sqlToQuery(holdStatement((name) => sql.placeholder(name), { releases: false })),
};

/**
 * The hold as it goes to PostgreSQL without free tickets: a named prepared statement (and the
 * benchmark's baseline). `onePriceHold`: the statement without the releases' parts, tried first.
 */
export const holdQuery = (params: HoldParams, { onePriceHold = false } = {}) => {
  const query = onePriceHold ? HOLD_QUERIES.onePrice : HOLD_QUERIES.releases;
  return {
    name: onePriceHold ? 'reserve_hold_one_price' : 'reserve_hold',
    text: query.sql,
    values: fillPlaceholders(query.params, params as unknown as Record<string, unknown>),
  };
};

export interface HoldRow {
  id: string | null;
  expires_at: Date | string | null;
  total_pence: number | null;
  event_id: number | string | null;
  status: 'PLANNED' | 'PUBLISHED' | null;
  cancelled: boolean | null;
  starts_at: Date | string | null;
  has_lapsed_holds: boolean | null;
  /** Held, while holds on the event's releases had lapsed but were not yet swept. */
  has_lapsed_release_holds: boolean;
  /** The buyer's verification status; null when the session's account may no longer act. */
  buyer_status: VerificationStatus | null;
  /** false: the buyer's row changed after this statement's snapshot (see holdStatement); run it again. */
  claimed: boolean;
  /** Tickets of the event the account held (live holds) and owned before this statement. */
  owned: number;
  /** The reservation's items with their release and price (null when nothing was held). */
  items: { ticketType: 'STANDARD' | 'VIP'; pricePence: number; releaseId: number | null }[] | null;
  /** The event sells in releases and had stock for the order (its row was taken before the releases). */
  has_releases: boolean;
  /** The event sells in releases, as this statement's snapshot showed it. */
  sells_in_releases: boolean | null;
  /** The statement took the buyer's row (see `claim`), whether or not it then held anything. */
  claimed_buyer: boolean;
  /** Refused, and what is left of a type asked for is in members-only releases this buyer may not buy. */
  members_only: boolean;
}
