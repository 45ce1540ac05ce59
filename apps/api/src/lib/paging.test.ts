import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSort, PAGING_MESSAGES } from '@fourfour/shared/paging';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { AppError } from './errors.ts';
import { decodeCursor, defineList, encodeCursor, keysetPage, type ListSource, offsetPage } from './paging.ts';

/**
 * The paging helper on a scratch table, on both databases (PGlite, and PostgreSQL with
 * DATABASE_URL): walking every page by cursor returns each matching row exactly once, in the
 * list's order, for any data, sort, direction, page size and search.
 */

const probe = pgTable('paging_probe', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  n: integer('n'),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }),
  flag: boolean('flag').notNull(),
});

const FIELDS = ['id', 'n', 'label', 'at', 'flag', 'flagThenN'] as const;
type Field = (typeof FIELDS)[number];
const LIST = defineList<Field>({
  sort: { fields: FIELDS, default: 'id,DESC' },
  keys: {
    id: { sql: sql`${probe.id}`, type: 'bigint' },
    n: { sql: sql`${probe.n}`, type: 'integer', nullable: true },
    label: { sql: sql`lower(${probe.label})`, type: 'text', nullable: true },
    at: { sql: sql`${probe.at}`, type: 'timestamptz', nullable: true },
    flag: { sql: sql`${probe.flag}`, type: 'boolean' },
    flagThenN: [
      { sql: sql`${probe.flag}`, type: 'boolean' },
      { sql: sql`${probe.n}`, type: 'integer', nullable: true },
    ],
  },
  tieBreaker: sql`${probe.id}`,
  search: { columns: [sql`${probe.label}`], id: sql`${probe.id}` },
});

interface ProbeRow {
  id: number;
  n: number | null;
  label: string | null;
  /** Microseconds after 2026-01-01, so two rows can differ below a millisecond. */
  micros: number | null;
  flag: boolean;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.raw.exec(
    'CREATE TABLE paging_probe (id bigint PRIMARY KEY, n integer, label text, at timestamptz, flag boolean NOT NULL)',
  );
});
afterAll(() => database?.close());

async function load(rows: readonly ProbeRow[]) {
  await database.raw.exec('TRUNCATE paging_probe');
  for (const r of rows) {
    await database.raw.query(
      `INSERT INTO paging_probe (id, n, label, at, flag)
       VALUES ($1, $2, $3, timestamptz '2026-01-01 00:00:00+00' + $4::bigint * interval '1 microsecond', $5)`,
      [r.id, r.n, r.label, r.micros, r.flag],
    );
  }
}

const source: ListSource<{ id: number }> = {
  rows: (extra) =>
    database.db
      .select({ id: probe.id, ...extra })
      .from(probe)
      .$dynamic(),
  count: (n) => database.db.select({ n }).from(probe).$dynamic(),
};
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

/** Every page by cursor, with a guard against a walk that never ends. */
async function walk(query: { size: number; sort: string; search?: string }) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await keysetPage(LIST, source, { ...query, cursor }, (r) => r);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
    if (pages.length > 200) throw new Error('the walk does not end');
  } while (cursor);
  return pages;
}

const rowsArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    // Few distinct values, so ties (and the tie-breaker) are the common case.
    n: fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
    label: fc.option(fc.constantFrom('a', 'A', 'b', 'ab', 'B b', 'é', '%', '_', "o'k", ''), { nil: null }),
    micros: fc.option(fc.constantFrom(0, 1, 999, 1000, 1001, 86_400_000_000), { nil: null }),
    flag: fc.boolean(),
  }),
  { selector: (r) => r.id, maxLength: 30 },
);

describe('keyset paging', () => {
  it('walks every matching row exactly once, in the order of the whole list, for any data, sort and page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArbitrary,
        fc.constantFrom(...FIELDS),
        fc.constantFrom('ASC', 'DESC'),
        fc.integer({ min: 1, max: 7 }),
        fc.option(fc.constantFrom('a', 'B', '%', '_', '1', "'"), { nil: undefined }),
        async (rows, field, direction, size, search) => {
          await load(rows);
          const sort = `${field},${direction}`;
          const pages = await walk({ size, sort, search });
          const walked = pages.flatMap((p) => ids(p.content));
          // The same list in one piece: what the pages must add up to.
          const whole = await offsetPage(LIST, source, { page: 0, size: 1000, sort, search }, (r) => r);
          expect(walked).toEqual(ids(whole.content));
          expect(new Set(walked).size).toBe(walked.length);
          for (const page of pages) {
            expect(page.totalElements).toBe(whole.totalElements);
            expect(page.content.length).toBeLessThanOrEqual(size);
          }
          expect(pages.at(-1)!.nextCursor).toBeNull();
          const matching = rows.filter((r) => matches(r, search));
          expect(walked.length).toBe(matching.length);
          // And that order is the sort asked for, nulls last, ties broken by id in the same direction.
          if (field !== 'label') expect(walked).toEqual(expectedOrder(matching, field, direction).map((r) => r.id));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('neither repeats nor loses a row when rows are added between pages', async () => {
    await load([1, 2, 3, 4, 5, 6].map((id) => ({ id, n: id % 2, label: null, micros: id, flag: false })));
    const first = await keysetPage(LIST, source, { size: 3, sort: 'n,ASC' }, (r) => r);
    expect(ids(first.content)).toEqual([2, 4, 6]);
    // One row sorts before the cursor (not shown again), one after it (shown next).
    await database.raw.query('INSERT INTO paging_probe (id, n, flag) VALUES (0, 0, false), (7, 1, false)');
    const second = await keysetPage(
      LIST,
      source,
      { size: 10, sort: 'n,ASC', cursor: first.nextCursor ?? undefined },
      (r) => r,
    );
    expect(ids(second.content)).toEqual([1, 3, 5, 7]);
  });

  it('tells rows a microsecond apart', async () => {
    await load([0, 1, 2, 999, 1000].map((micros, i) => ({ id: i + 1, n: null, label: null, micros, flag: false })));
    const pages = await walk({ size: 1, sort: 'at,DESC' });
    expect(pages.flatMap((p) => ids(p.content))).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('offset paging', () => {
  it('answers the spec shape with the page index and totals', async () => {
    await load([1, 2, 3, 4, 5].map((id) => ({ id, n: null, label: `L${id}`, micros: null, flag: false })));
    const page = await offsetPage(LIST, source, { page: 1, size: 2 }, (r) => r);
    expect(page).toEqual({
      content: [{ id: 3 }, { id: 2 }],
      totalPages: 3,
      totalElements: 5,
      number: 1,
      page: 1,
      size: 2,
    });
    const searched = await offsetPage(LIST, source, { page: 0, size: 20, search: 'l4' }, (r) => r);
    expect(ids(searched.content)).toEqual([4]);
    expect(ids((await offsetPage(LIST, source, { page: 0, size: 20, search: '2' }, (r) => r)).content)).toEqual([2]);
  });
});

describe('cursors', () => {
  const keys = [
    { sql: sql`x`, type: 'timestamptz' as const, nullable: true },
    { sql: sql`y`, type: 'bigint' as const },
  ];
  const sort = { field: 'at', direction: 'DESC' as const };
  const refused = (cursor: string) => {
    try {
      decodeCursor(cursor, sort, keys);
    } catch (err) {
      return err instanceof AppError && err.status === 400 && err.message === PAGING_MESSAGES.cursor;
    }
    return false;
  };
  const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('round-trips the values of the sort they were made for', () => {
    const cursor = encodeCursor(sort, ['2026-01-01 00:00:00.000001+00', '42']);
    expect(decodeCursor(cursor, sort, keys)).toEqual(['2026-01-01 00:00:00.000001+00', '42']);
    expect(decodeCursor(encodeCursor(sort, [null, '7']), sort, keys)).toEqual([null, '7']);
  });

  it('refuses anything else with a 400', () => {
    expect(refused(encodeCursor({ field: 'at', direction: 'ASC' }, ['2026-01-01 00:00:00+00', '1']))).toBe(true);
    expect(refused(encodeCursor(sort, ['2026-01-01 00:00:00+00']))).toBe(true);
    expect(refused(encodeCursor(sort, ['2026-01-01 00:00:00+00', null]))).toBe(true);
    expect(refused(encodeCursor(sort, ['yesterday', '1']))).toBe(true);
    expect(refused(encodeCursor(sort, ['2026-01-01 00:00:00+00', '1; DROP TABLE users']))).toBe(true);
    expect(refused(raw({ sort: formatSort(sort) }))).toBe(true);
    expect(refused(raw([formatSort(sort), '2026']))).toBe(true);
    expect(refused('not base64!')).toBe(true);
    expect(refused('')).toBe(true);
    expect(refused(Buffer.from('{"a":').toString('base64url'))).toBe(true);
  });

  it('refuses a value of the right shape that is no value of its type, without a 500', async () => {
    await load([{ id: 1, n: 1, label: null, micros: 0, flag: true }]);
    const cursor = encodeCursor({ field: 'at', direction: 'DESC' }, ['2026-02-31 00:00:00+00', '1']);
    await expect(keysetPage(LIST, source, { size: 5, sort: 'at,DESC', cursor }, (r) => r)).rejects.toMatchObject({
      status: 400,
      message: PAGING_MESSAGES.cursor,
    });
  });
});

/** The search in TypeScript: part of the label in any case (wildcards literal), or the exact id. */
const matches = (r: ProbeRow, search: string | undefined) =>
  !search ||
  (r.label ?? '').toLowerCase().includes(search.toLowerCase()) ||
  (/^\d+$/.test(search) && r.id === Number(search));

/** The list's order computed in TypeScript, for every key but text (whose order is the database's collation). */
function expectedOrder(rows: readonly ProbeRow[], field: Exclude<Field, 'label'>, direction: 'ASC' | 'DESC') {
  const sign = direction === 'ASC' ? 1 : -1;
  const compareNullsLast = (a: number | null, b: number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return sign * (a - b);
  };
  const keysOf = (r: ProbeRow): (number | null)[] => {
    switch (field) {
      case 'id':
        return [];
      case 'n':
        return [r.n];
      case 'at':
        return [r.micros];
      case 'flag':
        return [Number(r.flag)];
      case 'flagThenN':
        return [Number(r.flag), r.n];
    }
  };
  return [...rows].sort((a, b) => {
    const ka = keysOf(a);
    const kb = keysOf(b);
    for (let i = 0; i < ka.length; i++) {
      const c = compareNullsLast(ka[i]!, kb[i]!);
      if (c !== 0) return c;
    }
    return sign * (a.id - b.id);
  });
}
