import { describe, expect, it } from 'vitest';
import {
  goalProgressPercent,
  type MonthlySalesRecord,
  monthlyCommissionPence,
  recordsInPeriod,
  shiftMonth,
  toMonthlySalesRecord,
  totalsOf,
} from './affiliates.ts';
import { MASTER_MESSAGES, parseUserSort, roleChangeLock } from './master.ts';

describe('affiliate commission', () => {
  it('pays 10% below 14 tickets and 20% plus the 200 GBP bonus from 14', () => {
    expect(monthlyCommissionPence(13, 13 * 1800)).toEqual({ percent: 10, commissionPence: 2340, bonusPence: 0 });
    expect(monthlyCommissionPence(14, 14 * 1800)).toEqual({ percent: 20, commissionPence: 5040, bonusPence: 20000 });
    expect(monthlyCommissionPence(15, 15 * 1800)).toEqual({ percent: 20, commissionPence: 5400, bonusPence: 20000 });
  });

  it('rounds the month’s commission to the penny once', () => {
    // 10% of 17.99 + 44.99 = 6.298 → 6.30
    expect(monthlyCommissionPence(2, 1799 + 4499).commissionPence).toBe(630);
  });

  it('builds the spec’s record with the goal progress capped at 14', () => {
    const record = toMonthlySalesRecord({ month: '2026-07', standardTickets: 15, vipTickets: 2, paidPence: 40_000 });
    expect(record).toEqual({
      month: '2026-07',
      totalTickets: 17,
      standardTickets: 15,
      vipTickets: 2,
      commissionEarned: 80,
      bonusEarned: 200,
      ticketsTowardGoal: 14,
      ticketsRemainingToGoal: 0,
    });
    expect(goalProgressPercent(7)).toBe(50);
    expect(goalProgressPercent(14)).toBe(100);
  });
});

describe('sales periods', () => {
  const rec = (month: string, total = 1): MonthlySalesRecord =>
    toMonthlySalesRecord({ month, standardTickets: total, vipTickets: 0, paidPence: total * 1000 });

  it('steps months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-07', -5)).toBe('2026-02');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
  });

  it('keeps the calendar months of the period, newest first', () => {
    const records = [rec('2025-06'), rec('2026-07'), rec('2026-02'), rec('2026-01'), rec('2025-08')];
    expect(recordsInPeriod(records, '6', '2026-07').map((r) => r.month)).toEqual(['2026-07', '2026-02']);
    expect(recordsInPeriod(records, '12', '2026-07').map((r) => r.month)).toEqual([
      '2026-07',
      '2026-02',
      '2026-01',
      '2025-08',
    ]);
    expect(recordsInPeriod(records, 'all', '2026-07')).toHaveLength(5);
  });

  it('totals a period', () => {
    expect(totalsOf([rec('2026-07', 14), rec('2026-06', 2)])).toEqual({
      totalTickets: 16,
      standardTickets: 16,
      vipTickets: 0,
      commissionEarned: 30,
      bonusEarned: 200,
      monthsAtGoal: 1,
    });
  });
});

describe('master rules', () => {
  it('reads sort only from the whitelist', () => {
    expect(parseUserSort('email,ASC')).toEqual({ field: 'email', direction: 'ASC' });
    expect(parseUserSort('id,desc')).toEqual({ field: 'id', direction: 'DESC' });
    for (const bad of ['password_hash,ASC', 'email', 'email,ASC;--', 'email ,ASC', '', 'constructor,ASC']) {
      expect(parseUserSort(bad)).toBeNull();
    }
  });

  it('locks a MASTER’s role and one’s own', () => {
    expect(roleChangeLock({ id: 1 }, { id: 1, role: 'MASTER' })).toBe(MASTER_MESSAGES.ownRoleLocked);
    expect(roleChangeLock({ id: 1 }, { id: 2, role: 'MASTER' })).toBe(MASTER_MESSAGES.masterRoleLocked);
    expect(roleChangeLock({ id: 1 }, { id: 2, role: 'ADMIN' })).toBeNull();
  });
});
