import { and, or, type SQL, sql } from 'drizzle-orm';
import {
  type CursorPageOf,
  formatSort,
  MAX_CURSOR_LENGTH,
  type OffsetPageOf,
  PAGING_MESSAGES,
  type SortOptions,
  type SortOrder,
  sortOrDefault,
} from '@fourfour/shared/paging';
import { AppError, badRequest } from './errors.ts';

/**
 * The one helper for paged, sorted, searched lists (issue 17, item 4). A list is defined once:
 * its sort whitelist (each field a fixed SQL expression, so user input never reaches the SQL
 * text), a unique tie-breaker that gives every row one place, and the columns its search reads.
 * Two ways to fetch a page:
 * - `offsetPage`: page numbers and totals, for the lists whose shape the spec fixes;
 * - `keysetPage`: a cursor holding the last row's sort values, for lists that grow without bound
 *   (each page reads only its own rows, however deep, and rows added meanwhile neither repeat nor
 *   go missing).
 * Query parameters are checked by the shared zod schemas (`@fourfour/shared/paging`) before a
 * handler runs; what only the definition knows (a cursor's values) is checked here, with the same
 * 400 and no query run.
 */

/** How a sort value is cast back from the cursor's text: a SQL type (ours, never the client's). */
export type BuiltinKeyType = 'bigint' | 'integer' | 'numeric' | 'text' | 'boolean' | 'timestamptz' | 'uuid';
/** A built-in type, or an enum (`{ enum: tierEnum.enumName }`), which sorts in its declared order. */
export type KeyType = BuiltinKeyType | { enum: string };

export interface SortKey {
  /** A fixed expression; ASC sorts it ascending. */
  sql: SQL;
  type: KeyType;
  /** Nulls sort last in both directions. */
  nullable?: boolean;
}

export interface ListDefinition<F extends string> {
  sort: SortOptions<F>;
  /** Each whitelisted field → its key (or keys, compared in order). */
  keys: Record<F, SortKey | readonly SortKey[]>;
  /** Unique and never null (an id): breaks ties in the sort's direction, so pages never overlap. */
  tieBreaker: SQL;
  /** The tie-breaker's type: 'bigint' unless said (a table keyed by UUID says 'uuid'). */
  tieBreakerType?: KeyType;
  /** Columns matched by the search text, case-insensitively; `id` also matches a whole number exactly. */
  search?: { columns: readonly SQL[]; id?: SQL };
}

export function defineList<F extends string>(definition: ListDefinition<F>): ListDefinition<F> {
  for (const field of definition.sort.fields) {
    if (!definition.keys[field]) throw new Error(`paging: sort field ${field} has no key`);
  }
  if (!sortOrDefault(undefined, definition.sort)) throw new Error('paging: the default sort is not on the whitelist');
  return definition;
}

/** The part of a drizzle `$dynamic()` select the helper adds to. */
export interface DynamicSelect<R> extends PromiseLike<R[]> {
  where(where: SQL | undefined): DynamicSelect<R>;
  orderBy(...columns: SQL[]): DynamicSelect<R>;
  limit(limit: number): DynamicSelect<R>;
  offset(offset: number): DynamicSelect<R>;
}

export interface ListSource<R> {
  /** The list's rows, with the helper's columns added: `(extra) => db.select({ ...columns, ...extra }).from(t).$dynamic()`. */
  rows: (extra: Record<string, SQL>) => DynamicSelect<R>;
  /**
   * The same FROM, selecting one expression: `(n) => db.select({ n }).from(t).$dynamic()`. Offset
   * pages also select the tie-breaker through it, so it must not filter what `rows` would not.
   */
  count: (n: SQL<number>) => DynamicSelect<{ n: number }>;
  /** The list's own filter (besides the search and the cursor). */
  where?: SQL;
  /**
   * Keyset pages only, optional: the list's own table alone, selecting one expression
   * (`(k) => db.select({ k }).from(t).$dynamic()`), when the filter and sort keys are all its
   * columns. The page is then chosen there and only its rows are joined (a deferred join): a
   * search that matches thousands of rows joins 21, not thousands before the sort.
   */
  keys?: (key: SQL) => DynamicSelect<unknown>;
  /**
   * Keyset pages only, optional: a cheaper first try at the page (the list's columns plus `extra`,
   * after `after`, in `order`, at most `limit` rows). When it answers `limit` rows they are the
   * page; fewer, and the page is read the usual way. For a search that most rows near the start
   * match: walking a bounded run of rows in order beats collecting every match to sort it.
   */
  firstRows?: (extra: Record<string, SQL>, after: SQL | undefined, order: SQL[], limit: number) => Promise<R[]>;
  /**
   * Offset pages only, optional: the unfiltered total from a counter kept in step with the table
   * (null while it is not built), used when neither a search nor the list's filter applies, instead
   * of counting a table that can hold hundreds of thousands of rows on every page.
   */
  total?: () => Promise<number | null>;
}

interface ListQuery {
  size: number;
  sort?: string;
  search?: string;
}

// ---------- search ----------

/** `%`, `_` and `\` match themselves in an ILIKE pattern built from user input. */
export function likePattern(input: string): string {
  return `%${input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ILIKE '%input%'` with the input's wildcards escaped (a bound parameter, never spliced). */
export function containsInsensitive(column: unknown, input: string): SQL {
  return sql`${column} ILIKE ${likePattern(input)} ESCAPE '\\'`;
}

function searchCondition(list: ListDefinition<string>, text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q || !list.search) return undefined;
  const conditions = list.search.columns.map((column) => containsInsensitive(column, q));
  if (list.search.id && /^\d{1,15}$/.test(q)) conditions.push(sql`${list.search.id} = ${Number(q)}`);
  return or(...conditions);
}

// ---------- sort ----------

function resolveSort<F extends string>(list: ListDefinition<F>, value: string | undefined): SortOrder<F> {
  const sort = sortOrDefault(value, list.sort);
  // The zod schema refused anything else already; this is for callers that skip it.
  if (!sort)
    throw badRequest(PAGING_MESSAGES.sort(list.sort.fields), [
      { field: 'sort', message: PAGING_MESSAGES.sort(list.sort.fields) },
    ]);
  return sort;
}

/** The field's keys, then the tie-breaker. */
function keysOf<F extends string>(list: ListDefinition<F>, field: F): SortKey[] {
  const keys = list.keys[field];
  return [
    ...(Array.isArray(keys) ? keys : [keys as SortKey]),
    { sql: list.tieBreaker, type: list.tieBreakerType ?? 'bigint' },
  ];
}

function orderBy(keys: readonly SortKey[], direction: SortOrder['direction']): SQL[] {
  const dir = sql.raw(direction);
  return keys.map((k) => (k.nullable ? sql`${k.sql} ${dir} NULLS LAST` : sql`${k.sql} ${dir}`));
}

/** The exact reverse of `orderBy(keys, direction)`: the other direction, nulls first. */
function reverseOrderBy(keys: readonly SortKey[], direction: SortOrder['direction']): SQL[] {
  const dir = sql.raw(direction === 'ASC' ? 'DESC' : 'ASC');
  return keys.map((k) => (k.nullable ? sql`${k.sql} ${dir} NULLS FIRST` : sql`${k.sql} ${dir}`));
}

async function countRows<R>(source: ListSource<R>, where: SQL | undefined): Promise<number> {
  if (where === undefined && source.total) {
    const total = await source.total();
    if (total !== null) return total;
  }
  const [row] = await source.count(sql<number>`count(*)::int`).where(where);
  return Number(row?.n ?? 0);
}

// ---------- offset pages ----------

/** Page `page` (from 0) of `size` rows, with the totals: the spec's paged answer. */
export async function offsetPage<F extends string, R, T>(
  list: ListDefinition<F>,
  source: ListSource<R>,
  query: ListQuery & { page: number },
  map: (row: R) => T,
): Promise<OffsetPageOf<T>> {
  const sort = resolveSort(list, query.sort);
  const where = and(source.where, searchCondition(list, query.search));
  const keys = keysOf(list, sort.field);
  const offset = query.page * query.size;
  // A deferred join (issue 19): the skipped rows are walked as tie-breakers only, and only the
  // page's rows are read in full, with their computed columns (OFFSET alone builds every skipped
  // row, subqueries and all).
  const pageRows = (order: SQL[], skip: number, take: number) =>
    source
      .rows({})
      .where(
        sql`${list.tieBreaker} IN (${source
          .count(list.tieBreaker as SQL<number>)
          .where(where)
          .orderBy(...order)
          .limit(take)
          .offset(skip)})`,
      )
      .orderBy(...order);
  let rows: R[];
  let totalElements: number;
  if (query.page === 0) {
    [rows, totalElements] = await Promise.all([
      pageRows(orderBy(keys, sort.direction), 0, query.size),
      countRows(source, where),
    ]);
  } else {
    // A page past the middle is read from the other end, in the reverse order: the last page of
    // 200,000 users skips none instead of 199,980. The count comes first to say where the end is.
    totalElements = await countRows(source, where);
    const end = Math.min(offset + query.size, totalElements);
    if (end <= offset) rows = [];
    else if (offset <= totalElements / 2) rows = await pageRows(orderBy(keys, sort.direction), offset, query.size);
    else rows = (await pageRows(reverseOrderBy(keys, sort.direction), totalElements - end, end - offset)).reverse();
  }
  return {
    content: rows.map(map),
    totalPages: Math.ceil(totalElements / query.size),
    totalElements,
    number: query.page,
    page: query.page,
    size: query.size,
  };
}

// ---------- keyset (cursor) pages ----------

type CursorValue = string | null;

const VALUE_SHAPES: Record<BuiltinKeyType, RegExp> = {
  bigint: /^-?\d{1,19}$/,
  integer: /^-?\d{1,10}$/,
  numeric: /^(-?\d{1,40}(\.\d{1,40})?|-?Infinity|NaN)$/,
  boolean: /^(true|false)$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  // PostgreSQL's text form of a timestamptz (DateStyle ISO), or an infinity.
  timestamptz: /^(\d{4,6}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}( BC)?|-?infinity)$/,
  // Any text but NUL (PostgreSQL refuses it); the length is bounded by the cursor's.
  text: /^[\s\S]{0,500}$/,
};
const ENUM_LABEL = /^[A-Za-z0-9_]{1,63}$/;
const shapeOf = (type: KeyType) => (typeof type === 'string' ? VALUE_SHAPES[type] : ENUM_LABEL);

const cursorRefused = () =>
  new AppError('BAD_CURSOR', 400, PAGING_MESSAGES.cursor, [{ field: 'cursor', message: PAGING_MESSAGES.cursor }]);

export function encodeCursor(sort: SortOrder, values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify([formatSort(sort), values]), 'utf8').toString('base64url');
}

/** The values of a cursor made for this sort and these keys, or a 400 (never a query with them). */
export function decodeCursor(cursor: string, sort: SortOrder, keys: readonly SortKey[]): CursorValue[] {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw cursorRefused();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorRefused();
  }
  if (!Array.isArray(decoded) || decoded.length !== 2 || decoded[0] !== formatSort(sort)) throw cursorRefused();
  const values: unknown = decoded[1];
  if (!Array.isArray(values) || values.length !== keys.length) throw cursorRefused();
  return keys.map((key, i) => {
    const value: unknown = values[i];
    if (value === null && key.nullable) return null;
    if (typeof value !== 'string' || value.includes('\0') || !shapeOf(key.type).test(value)) throw cursorRefused();
    return value;
  });
}

const cast = (value: string, type: KeyType) =>
  sql`CAST(${value} AS ${typeof type === 'string' ? sql.raw(type) : sql.identifier(type.enum)})`;

/**
 * The rows after `values` in the order of `keys` (nulls last, ties broken by the last key):
 * a row comparison when no key can be null (an index on the keys serves it), else the same
 * comparison spelt out key by key.
 */
export function afterCondition(
  keys: readonly SortKey[],
  values: readonly CursorValue[],
  direction: SortOrder['direction'],
): SQL {
  const op = sql.raw(direction === 'ASC' ? '>' : '<');
  if (keys.every((k) => !k.nullable)) {
    const left = sql.join(
      keys.map((k) => sql`${k.sql}`),
      sql`, `,
    );
    const right = sql.join(
      keys.map((k, i) => cast(values[i]!, k.type)),
      sql`, `,
    );
    return sql`(${left}) ${op} (${right})`;
  }
  // after(i) OR (equal(i) AND after(i + 1) ...), from the last key backwards.
  let condition: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    const value = values[i] ?? null;
    const after =
      value === null
        ? undefined // nothing sorts after a null but other nulls, which are equal
        : key.nullable
          ? sql`(${key.sql} ${op} ${cast(value, key.type)} OR ${key.sql} IS NULL)`
          : sql`${key.sql} ${op} ${cast(value, key.type)}`;
    const equal = value === null ? sql`${key.sql} IS NULL` : sql`${key.sql} = ${cast(value, key.type)}`;
    const rest = condition ? and(equal, condition) : undefined;
    condition = after && rest ? sql`(${after} OR ${rest})` : (after ?? rest ?? sql`false`);
  }
  return condition ?? sql`false`;
}

/** A value that passed the shape check but is still not one of the type's (a 31st of February). */
function isDataException(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/**
 * The `size` rows after `cursor` (the first page without one), the cursor of the next page (null
 * on the last), and how many rows match.
 */
export async function keysetPage<F extends string, R, T>(
  list: ListDefinition<F>,
  source: ListSource<R>,
  query: ListQuery & { cursor?: string },
  map: (row: R) => T,
): Promise<CursorPageOf<T>> {
  const sort = resolveSort(list, query.sort);
  const keys = keysOf(list, sort.field);
  const after = query.cursor ? afterCondition(keys, decodeCursor(query.cursor, sort, keys), sort.direction) : undefined;
  const where = and(source.where, searchCondition(list, query.search));
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`pagingKey${i}`, sql<string>`(${k.sql})::text`]));
  let rows: R[];
  let totalElements: number;
  try {
    const order = orderBy(keys, sort.direction);
    const fullPage = () =>
      source.keys
        ? source
            .rows(keyColumns)
            .where(
              sql`${list.tieBreaker} IN (${source
                .keys(list.tieBreaker)
                .where(and(where, after))
                .orderBy(...order)
                .limit(query.size + 1)})`,
            )
            .orderBy(...order)
        : source
            .rows(keyColumns)
            .where(and(where, after))
            .orderBy(...order)
            .limit(query.size + 1);
    const page = source.firstRows
      ? source
          .firstRows(keyColumns, after, order, query.size + 1)
          .then((first) => (first && first.length > query.size ? first : fullPage()))
      : fullPage();
    [rows, totalElements] = await Promise.all([page, countRows(source, where)]);
  } catch (err) {
    if (query.cursor && isDataException(err)) throw cursorRefused();
    throw err;
  }
  const page = rows.slice(0, query.size);
  const last = page.at(-1) as Record<string, CursorValue> | undefined;
  const nextCursor =
    rows.length > query.size && last
      ? encodeCursor(
          sort,
          keys.map((_, i) => last[`pagingKey${i}`] ?? null),
        )
      : null;
  return {
    content: page.map((row) => {
      const copy = { ...row } as Record<string, unknown>;
      for (const name of Object.keys(keyColumns)) delete copy[name];
      return map(copy as R);
    }),
    size: query.size,
    nextCursor,
    totalPages: Math.ceil(totalElements / query.size),
    totalElements,
  };
}
