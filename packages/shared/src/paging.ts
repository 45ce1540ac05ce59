import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/**
 * One way to page, sort and search a list (issue 17, item 4). The query parameters and the answer
 * shapes of every admin and master list come from here; the API's `lib/paging.ts` turns them into
 * SQL. Two kinds of page:
 * - offset pages (`page` from 0, `size`, `sort`) for the lists whose shape the spec fixes: the
 *   answer is the spec's `{ content, totalPages, totalElements }` plus `number`/`page` (the page
 *   index) and `size`;
 * - cursor pages (`cursor`, `size`, `sort`, `q`) for our own lists that grow without bound: the
 *   answer adds `nextCursor` (null on the last page), which the client sends back as `cursor`.
 */

export type SortDirection = 'ASC' | 'DESC';
export interface SortOrder<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** A list's sort whitelist and its default ("id,DESC"). */
export interface SortOptions<F extends string = string> {
  fields: readonly F[];
  default: `${F},${SortDirection}`;
  /** "field" alone means ASC, and spaces around the comma are ignored (the subscribers list always took these). */
  directionOptional?: boolean;
}

/** The largest zero-based page index an offset list accepts. */
export const MAX_PAGE_INDEX = 1_000_000;
/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 100;
/** A cursor holds a sort and a few values (a 500-character text value fits). */
export const MAX_CURSOR_LENGTH = 4096;

export const PAGING_MESSAGES = {
  sort: (fields: readonly string[]) =>
    `Sort must be 'field,ASC' or 'field,DESC' where field is one of: ${fields.join(', ')}.`,
  sizeOneOf: (sizes: readonly number[]) => `Page size must be one of ${sizes.join(', ')}.`,
  sizeRange: (max: number) => `Page size must be a whole number from 1 to ${max}.`,
  page: `Page must be a whole number from 0 to ${MAX_PAGE_INDEX}.`,
  cursor: 'This cursor is not valid for this list and sort. Start again from the first page.',
  cursorOnly: "This list pages by cursor: send the answer's nextCursor as cursor (page 0 is the first page).",
} as const;

/**
 * "email,ASC" → { field, direction } (direction in any case); null when the field is not on the
 * whitelist or the text is anything else. The list's default is `sortOrDefault`'s business.
 */
export function parseSort<F extends string>(value: string, options: SortOptions<F>): SortOrder<F> | null {
  const pattern = options.directionOptional ? /^([A-Za-z]+)\s*(?:,\s*(ASC|DESC))?$/i : /^([A-Za-z]+),(ASC|DESC)$/i;
  const match = pattern.exec(value.trim());
  if (!match) return null;
  const field = options.fields.find((f) => f === match[1]);
  if (!field) return null;
  return { field, direction: (match[2] ?? 'ASC').toUpperCase() as SortDirection };
}

/** The sort a request asks for: absent or empty means the list's default. */
export const sortOrDefault = <F extends string>(value: string | undefined, options: SortOptions<F>) =>
  parseSort(value?.trim() || options.default, options);

export const formatSort = (sort: SortOrder): string => `${sort.field},${sort.direction}`;

/** A table header clicked: the same field flips ASC to DESC, any other field starts ASC. */
export const toggledSort = <F extends string>(current: SortOrder<F>, field: F): string =>
  formatSort({ field, direction: current.field === field && current.direction === 'ASC' ? 'DESC' : 'ASC' });

// ---------- query parameters ----------

export interface SizeOptions {
  /** Only these sizes (the master's table: 10, 20, 50, 100); otherwise 1 to `max`. */
  sizes?: readonly number[];
  max?: number;
  default?: number;
  /** The 400 message for a size outside the rule (a list's own wording). */
  message?: string;
}

const wholeNumber = (message: string) => z.coerce.number({ message }).int({ message });

/** `page`: zero-based index of an offset page. */
export const pageParam = () =>
  wholeNumber(PAGING_MESSAGES.page).min(0, PAGING_MESSAGES.page).max(MAX_PAGE_INDEX, PAGING_MESSAGES.page).default(0);

/** `size`: rows per page. */
export function sizeParam(options: SizeOptions = {}) {
  const { sizes, max = MAX_PAGE_SIZE, default: fallback = DEFAULT_PAGE_SIZE } = options;
  const message = options.message ?? (sizes ? PAGING_MESSAGES.sizeOneOf(sizes) : PAGING_MESSAGES.sizeRange(max));
  return wholeNumber(message)
    .min(1, message)
    .max(max, message)
    .refine((n) => !sizes || sizes.includes(n), message)
    .default(fallback);
}

/** `sort`: "field,ASC" or "field,DESC" on the list's whitelist; absent or empty = the default. */
export function sortParam<F extends string>(options: SortOptions<F>, message = PAGING_MESSAGES.sort(options.fields)) {
  return z
    .string()
    .max(60, message)
    .refine((s) => sortOrDefault(s, options) !== null, message)
    .default(options.default);
}

/** A search text (case-insensitive substring; `%`, `_` and `\` match themselves). */
export const searchParam = (max = 100) => z.string().trim().max(max).optional();

/** `cursor`: the `nextCursor` of the previous answer (opaque; checked by the API). */
export const cursorParam = () =>
  z
    .string()
    .max(MAX_CURSOR_LENGTH, PAGING_MESSAGES.cursor)
    .regex(/^[A-Za-z0-9_-]*$/, PAGING_MESSAGES.cursor)
    .optional();

/** The query of an offset list: `page`, `size` and the list's own parameters (sort, search, filters). */
export function pageQuery<X extends z.ZodRawShape>(size: SizeOptions, extra: X) {
  return z.object({ page: pageParam(), size: sizeParam(size), ...extra });
}

/**
 * The query of a cursor list: `cursor`, `size` and the list's own parameters. `page=0` (the first
 * page) is accepted for clients that paged by number; any other page number is refused.
 */
export function cursorQuery<X extends z.ZodRawShape>(size: SizeOptions, extra: X) {
  return z.object({
    cursor: cursorParam(),
    size: sizeParam(size),
    page: wholeNumber(PAGING_MESSAGES.cursorOnly)
      .min(0, PAGING_MESSAGES.cursorOnly)
      .max(0, PAGING_MESSAGES.cursorOnly)
      .optional(),
    ...extra,
  });
}

// ---------- answers ----------

/**
 * An offset page: the spec's paged response (content, totalPages, totalElements) plus the page
 * index as `number` (the name of the shape the spec's client reads) and `page` (the request's
 * name), and `size`.
 */
export const OffsetPage = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    number: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
export interface OffsetPageOf<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  number: number;
  page: number;
  size: number;
}

/** A cursor page: `nextCursor` fetches the rows after this page (null: this is the last page). */
export const CursorPage = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    size: z.number().int(),
    nextCursor: z.string().nullable(),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
  });
export interface CursorPageOf<T> {
  content: T[];
  size: number;
  nextCursor: string | null;
  totalPages: number;
  totalElements: number;
}
