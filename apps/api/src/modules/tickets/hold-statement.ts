import { fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { VerificationStatus } from '@fourfour/shared/enums';
import { PURCHASE_CLOSES_HOURS_BEFORE, RESERVATION_HOLD_MINUTES } from '@fourfour/shared/constants';
import { liveAccount } from '../../db/live-account.ts';

/** The values the hold statement takes (placeholders of HOLD_QUERY). */
export interface HoldParams {
  userId: number;
  sessionVersion: number;
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
 */
export const holdStatement = (v: (name: keyof HoldParams) => SQLWrapper) => sql`
  WITH buyer AS (${liveAccount(v('userId'), v('sessionVersion'))}), ev AS (
    UPDATE events SET held_standard = held_standard + ${v('standardQty')}, held_vip = held_vip + ${v('vipQty')}
    WHERE id = ${v('eventId')} AND status = 'PUBLISHED' AND NOT cancelled
      AND starts_at > now() + make_interval(hours => ${sql.raw(String(PURCHASE_CLOSES_HOURS_BEFORE))})
      AND sold_standard + held_standard + ${v('standardQty')} <= total_standard
      AND sold_vip + held_vip + ${v('vipQty')} <= total_vip
      AND EXISTS (SELECT 1 FROM buyer WHERE verification_status <> 'UNDERAGE')
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
    (ins.id IS NULL AND EXISTS (
      SELECT 1 FROM reservations r WHERE r.event_id = ${v('eventId')} AND r.status = 'HELD' AND r.expires_at <= now()
    )) AS has_lapsed_holds
  FROM (SELECT 1) AS one LEFT JOIN ins ON true LEFT JOIN events e ON e.id = ${v('eventId')}`;
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
}
