import { z } from 'zod';
import {
  AFFILIATE_BONUS_PENCE,
  AFFILIATE_COMMISSION_BASE_PERCENT,
  AFFILIATE_COMMISSION_GOAL_PERCENT,
  AFFILIATE_GOAL_TICKETS,
} from './constants.ts';
import { penceToPounds } from './money.ts';
import { OffsetPage, pageQuery, searchParam } from './paging.ts';

/**
 * Affiliates: the commission rule (DESIGN.md), the sales-record shape, the periods of the sales
 * screen and its messages (affiliate-messages.ts, re-exported), shared by the API (which computes)
 * and the client (which shows).
 */
export * from './affiliate-messages.ts';

/** Codes: 8 characters of an unambiguous alphabet (about 8.5 × 10^11 codes). */
export const AFFILIATE_CODE_LENGTH = 8;
/** The admin sales view's user picker shows at most this many matches (spec 02 §9). */
export const AFFILIATE_PICKER_LIMIT = 50;

export const SALES_PERIODS = [
  { value: '6', label: 'Last 6 months', months: 6 },
  { value: '12', label: 'Last 12 months', months: 12 },
  { value: 'all', label: 'All months', months: null },
] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number]['value'];
export const DEFAULT_SALES_PERIOD: SalesPeriod = '6';

export interface MonthTally {
  /** YYYY-MM in APP_TIMEZONE, by the order's payment time. */
  month: string;
  standardTickets: number;
  vipTickets: number;
  /** Sum of what was paid for those tickets (after the 10% discount), in pence. */
  paidPence: number;
}

/** The commission a month earns, in pence: 20% of the paid total at the goal (14), else 10%, plus the bonus. */
export function monthlyCommissionPence(totalTickets: number, paidPence: number) {
  const reached = totalTickets >= AFFILIATE_GOAL_TICKETS;
  const percent = reached ? AFFILIATE_COMMISSION_GOAL_PERCENT : AFFILIATE_COMMISSION_BASE_PERCENT;
  return {
    percent,
    commissionPence: Math.round((paidPence * percent) / 100),
    bonusPence: reached ? AFFILIATE_BONUS_PENCE : 0,
  };
}

export const MonthlySalesRecord = z.object({
  month: z.string(),
  totalTickets: z.number().int(),
  standardTickets: z.number().int(),
  vipTickets: z.number().int(),
  /** Pounds. */
  commissionEarned: z.number(),
  /** Pounds. */
  bonusEarned: z.number(),
  ticketsTowardGoal: z.number().int(),
  ticketsRemainingToGoal: z.number().int(),
});
export type MonthlySalesRecord = z.infer<typeof MonthlySalesRecord>;

export function toMonthlySalesRecord(tally: MonthTally): MonthlySalesRecord {
  const totalTickets = tally.standardTickets + tally.vipTickets;
  const { commissionPence, bonusPence } = monthlyCommissionPence(totalTickets, tally.paidPence);
  return {
    month: tally.month,
    totalTickets,
    standardTickets: tally.standardTickets,
    vipTickets: tally.vipTickets,
    commissionEarned: penceToPounds(commissionPence),
    bonusEarned: penceToPounds(bonusPence),
    ticketsTowardGoal: Math.min(totalTickets, AFFILIATE_GOAL_TICKETS),
    ticketsRemainingToGoal: Math.max(AFFILIATE_GOAL_TICKETS - totalTickets, 0),
  };
}

/** Spec: progress is ticketsTowardGoal divided by 14, as a percentage. */
export function goalProgressPercent(ticketsTowardGoal: number): number {
  return Math.min(100, Math.round((ticketsTowardGoal / AFFILIATE_GOAL_TICKETS) * 100));
}

/** "2026-07" minus n months → "2026-01". */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The records of a period (6 or 12 calendar months up to `currentMonth`, or all), newest first. */
export function recordsInPeriod(
  records: readonly MonthlySalesRecord[],
  period: SalesPeriod,
  currentMonth: string,
): MonthlySalesRecord[] {
  const months = SALES_PERIODS.find((p) => p.value === period)?.months ?? null;
  const from = months === null ? '' : shiftMonth(currentMonth, -(months - 1));
  return records.filter((r) => r.month >= from).sort((a, b) => b.month.localeCompare(a.month));
}

export interface SalesTotals {
  totalTickets: number;
  standardTickets: number;
  vipTickets: number;
  commissionEarned: number;
  bonusEarned: number;
  monthsAtGoal: number;
}

export function totalsOf(records: readonly MonthlySalesRecord[]): SalesTotals {
  const t = records.reduce(
    (sum, r) => ({
      totalTickets: sum.totalTickets + r.totalTickets,
      standardTickets: sum.standardTickets + r.standardTickets,
      vipTickets: sum.vipTickets + r.vipTickets,
      commissionPence: sum.commissionPence + Math.round(r.commissionEarned * 100),
      bonusPence: sum.bonusPence + Math.round(r.bonusEarned * 100),
      monthsAtGoal: sum.monthsAtGoal + (r.ticketsRemainingToGoal === 0 ? 1 : 0),
    }),
    { totalTickets: 0, standardTickets: 0, vipTickets: 0, commissionPence: 0, bonusPence: 0, monthsAtGoal: 0 },
  );
  return {
    totalTickets: t.totalTickets,
    standardTickets: t.standardTickets,
    vipTickets: t.vipTickets,
    commissionEarned: penceToPounds(t.commissionPence),
    bonusEarned: penceToPounds(t.bonusPence),
    monthsAtGoal: t.monthsAtGoal,
  };
}

// ---------- request and response shapes ----------

export const AffiliateCodeResponse = z.object({ affiliateCode: z.string() });
export type AffiliateCodeResponse = z.infer<typeof AffiliateCodeResponse>;

export const SalesHistory = z.array(MonthlySalesRecord);
export type SalesHistory = z.infer<typeof SalesHistory>;

/** A user of the admin sales view's picker. */
export const AffiliateUser = z.object({
  id: z.number(),
  username: z.string().nullable(),
  email: z.string().nullable(),
});
export type AffiliateUser = z.infer<typeof AffiliateUser>;

/** Spec: page=0 (the picker asks for its first 50); `q` is username or email (part of it), or an exact id. */
export const AffiliatesQuery = pageQuery({ max: AFFILIATE_PICKER_LIMIT }, { q: searchParam(100) });
export type AffiliatesQuery = z.input<typeof AffiliatesQuery>;

export const AffiliatesPage = OffsetPage(AffiliateUser);
export type AffiliatesPage = z.infer<typeof AffiliatesPage>;

export const UserIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
