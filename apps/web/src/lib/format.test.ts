import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatGbp,
  formatLocalDate,
  formatLocalTime,
  formatLongDate,
  formatMonth,
  formatTime,
} from './format.ts';

describe('formatting (GBP en-GB, Europe/London)', () => {
  it('formats pounds as GBP with two decimals', () => {
    expect(formatGbp(39.99)).toBe('£39.99');
    expect(formatGbp(1200)).toBe('£1,200.00');
    expect(formatGbp(0)).toBe('£0.00');
  });

  it('shows instants in London time, summer and winter', () => {
    expect(formatTime('2026-07-01T21:30:00Z')).toBe('22:30');
    expect(formatTime('2026-01-15T21:30:00Z')).toBe('21:30');
    expect(formatDate('2026-07-01T23:30:00Z')).toBe('Thu 2 Jul 2026');
    expect(formatDateTime('2026-01-15T21:30:00Z')).toBe('Thu 15 Jan 2026, 21:30');
    expect(formatLongDate(new Date('2026-11-22T12:00:00Z'))).toBe('22 November 2026');
  });

  it('shows an event wall-clock date and time without shifting them', () => {
    expect(formatLocalDate('2026-03-14')).toBe('Sat 14 Mar 2026');
    expect(formatLocalDate('2026-03-14T23:30:00')).toBe('Sat 14 Mar 2026');
    expect(formatLocalTime('2026-03-14T23:30:00')).toBe('23:30');
    expect(formatLocalTime('nonsense')).toBe('nonsense');
  });

  it('names a month', () => {
    expect(formatMonth('2026-02')).toBe('February 2026');
  });
});
