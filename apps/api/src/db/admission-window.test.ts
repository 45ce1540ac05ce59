import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_WINDOW_MS, isAdmissionOpen } from '@fourfour/shared/admission-window';
import { createTestDatabase } from '../../test/helpers.ts';
import { evaluateSql, instant } from '../../test/sql-expression.ts';
import { admissionOpenSql } from './admission-window.ts';
import type { Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const START = Date.parse('2026-07-10T21:00:00.000Z');
const HOUR = 3_600_000;

/** An event (start or none, end or none) and an instant near its window's edges or anywhere around it. */
const scanCase = fc
  .record({
    hasStart: fc.boolean(),
    length: fc.option(fc.integer({ min: -2 * HOUR, max: 30 * HOUR }), { nil: null }),
    edge: fc.constantFrom('opens', 'closes', 'anywhere'),
    delta: fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -40 * HOUR, max: 40 * HOUR })),
  })
  .map(({ hasStart, length, edge, delta }) => {
    const startsAt = hasStart ? START : null;
    const endsAt = length === null ? null : START + length;
    const closes = endsAt ?? START + ADMISSION_WINDOW_MS;
    const base = edge === 'opens' ? START - ADMISSION_WINDOW_MS : edge === 'closes' ? closes : START;
    return { startsAt, endsAt, at: base + delta };
  });

describe('the admission window', () => {
  it('is decided the same by the door (SQL admission_open) and by TypeScript for any event and instant', async () => {
    await fc.assert(
      fc.asyncProperty(scanCase, async ({ startsAt, endsAt, at }) => {
        const open = await evaluateSql<boolean>(
          database,
          admissionOpenSql(instant(startsAt), instant(endsAt), instant(at)),
        );
        expect(open).toBe(isAdmissionOpen(startsAt, endsAt, at));
      }),
      { numRuns: 300 },
    );
  });

  it('opens exactly 12 hours before the start and closes exactly at the end, on both sides', async () => {
    const end = START + 5 * HOUR;
    for (const [at, expected] of [
      [START - ADMISSION_WINDOW_MS, true],
      [START - ADMISSION_WINDOW_MS - 1, false],
      [end - 1, true],
      [end, false],
    ] as const) {
      expect(isAdmissionOpen(START, end, at)).toBe(expected);
      expect(await evaluateSql<boolean>(database, admissionOpenSql(instant(START), instant(end), instant(at)))).toBe(
        expected,
      );
    }
  });
});
