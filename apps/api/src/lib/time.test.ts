import { describe, expect, it } from 'vitest';
import { dateFormatter, instantToLocal, localToInstant } from './time.ts';

const LONDON = 'Europe/London';

describe('local times in APP_TIMEZONE', () => {
  it('reads 23:30 London time in summer as 22:30 UTC', () => {
    expect(localToInstant('2026-07-04T23:30:00', LONDON).toISOString()).toBe('2026-07-04T22:30:00.000Z');
  });

  it('reads 23:30 London time in winter as 23:30 UTC', () => {
    expect(localToInstant('2026-12-05T23:30:00', LONDON).toISOString()).toBe('2026-12-05T23:30:00.000Z');
  });

  it('writes instants back as London wall-clock times in both seasons', () => {
    expect(instantToLocal(new Date('2026-07-04T22:30:00Z'), LONDON)).toEqual({
      date: '2026-07-04',
      dateTime: '2026-07-04T23:30:00',
    });
    expect(instantToLocal(new Date('2026-12-05T23:30:00Z'), LONDON)).toEqual({
      date: '2026-12-05',
      dateTime: '2026-12-05T23:30:00',
    });
  });

  it('moves a time skipped when clocks go forward on by the gap', () => {
    expect(localToInstant('2026-03-29T01:30:00', LONDON).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the earlier instant for a time repeated when clocks go back', () => {
    expect(localToInstant('2026-10-25T01:30:00', LONDON).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('works in other zones too', () => {
    expect(localToInstant('2026-01-10T20:00:00', 'America/New_York').toISOString()).toBe('2026-01-11T01:00:00.000Z');
    expect(localToInstant('2026-07-10T20:00:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-10T14:30:00.000Z');
  });

  it('round-trips every half hour across a year in London', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
      const local = instantToLocal(new Date(t), LONDON).dateTime;
      const back = localToInstant(local, LONDON).getTime();
      // The repeated hour in October maps to its first occurrence.
      if (back !== t) expect(back).toBe(t - 3600_000);
    }
  });
});

describe('dateFormatter', () => {
  it('makes one formatter per zone and options (each holds ICU memory V8 does not count) and formats in that zone', () => {
    const year = dateFormatter('Europe/London', { year: 'numeric' });
    expect(dateFormatter('Europe/London', { year: 'numeric' })).toBe(year);
    expect(dateFormatter('America/New_York', { year: 'numeric' })).not.toBe(year);
    // 00:30 on New Year's Day in London is still the old year in New York.
    const newYear = Date.parse('2027-01-01T00:30:00Z');
    expect(year.format(newYear)).toBe('2027');
    expect(dateFormatter('America/New_York', { year: 'numeric' }).format(newYear)).toBe('2026');
  });
});
