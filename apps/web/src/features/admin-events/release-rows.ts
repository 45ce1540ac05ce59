import { type PaidTier, TICKET_TYPES, type TicketType } from '@fourfour/shared/enums';
import { type AdminRelease, type ReleaseState, ReleasesBody } from '@fourfour/shared/releases';

/**
 * The releases editor's rows (issue 20): what the admin types, kept in the order the ladder is
 * sold in. The server orders releases within each ticket type, so the rows are kept grouped by
 * type (STANDARD first, as the API lists them) and a row only moves among its own type's rows.
 */
export interface ReleaseRowValues {
  /** React key: `r<id>` for a saved release, `new<n>` for one not saved yet. */
  key: string;
  /** Absent: a new release (the server creates it). */
  id?: number;
  ticketType: TicketType;
  name: string;
  /** Pounds; '' while empty (the number inputs give strings until they hold a number). */
  price: number | string;
  quantity: number | string;
  /** YYYY-MM-DDTHH:MM as the datetime-local input takes it; '' for none. */
  salesStart: string;
  salesEnd: string;
  /** '' for a public release. */
  unlockCode: string;
  /** '' for everyone. */
  membersOnlyTier: PaidTier | '';
}

/** The ladder's state as the editor labels it. */
export const RELEASE_STATE_BADGE: Record<ReleaseState, { label: string; color: string }> = {
  ON_SALE: { label: 'On sale', color: 'green' },
  SOLD_OUT: { label: 'Sold out', color: 'red' },
  UPCOMING: { label: 'Upcoming', color: 'blue' },
  ENDED: { label: 'Ended', color: 'gray' },
};

/** "2026-12-05T20:00:00" → "2026-12-05T20:00" (the input's format); null → ''. */
const toInputDateTime = (value: string | null) => (value ? value.slice(0, 16) : '');

export function rowOf(r: AdminRelease): ReleaseRowValues {
  return {
    key: `r${r.id}`,
    id: r.id,
    ticketType: r.ticketType,
    name: r.name,
    price: r.price,
    quantity: r.quantity,
    salesStart: toInputDateTime(r.salesStart),
    salesEnd: toInputDateTime(r.salesEnd),
    unlockCode: r.unlockCode ?? '',
    membersOnlyTier: r.membersOnlyTier ?? '',
  };
}

/** The saved ladder as rows, grouped by type in the server's order. */
export const rowsOf = (releases: readonly AdminRelease[]) => groupByType(releases.map(rowOf));

let nextKey = 0;
/** An empty release of a type, for "Add release". */
export function newRow(ticketType: TicketType): ReleaseRowValues {
  nextKey += 1;
  return {
    key: `new${nextKey}`,
    ticketType,
    name: '',
    price: '',
    quantity: '',
    salesStart: '',
    salesEnd: '',
    unlockCode: '',
    membersOnlyTier: '',
  };
}

/** The rows with STANDARD's first, then VIP's, each type keeping its order (a stable sort). */
export function groupByType<T extends { ticketType: TicketType }>(rows: readonly T[]): T[] {
  return TICKET_TYPES.flatMap((type) => rows.filter((r) => r.ticketType === type));
}

/** Adds a row at the end of its type's releases. */
export const addRow = (rows: readonly ReleaseRowValues[], row: ReleaseRowValues) => groupByType([...rows, row]);

/** Swaps a row with the previous (-1) or next (+1) row of its type; unchanged at either end. */
export function moveRow<T extends { key: string; ticketType: TicketType }>(
  rows: readonly T[],
  key: string,
  direction: -1 | 1,
): T[] {
  const from = rows.findIndex((r) => r.key === key);
  const to = from + direction;
  const neighbour = rows[to];
  if (from < 0 || !neighbour || neighbour.ticketType !== rows[from]!.ticketType) return [...rows];
  const out = [...rows];
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}

/**
 * Drag and drop: puts the dragged row where the target row is (before it when dragged upwards,
 * after it when dragged downwards). Only within one type; unchanged otherwise.
 */
export function moveRowTo<T extends { key: string; ticketType: TicketType }>(
  rows: readonly T[],
  key: string,
  targetKey: string,
): T[] {
  const from = rows.findIndex((r) => r.key === key);
  const to = rows.findIndex((r) => r.key === targetKey);
  if (from < 0 || to < 0 || from === to || rows[from]!.ticketType !== rows[to]!.ticketType) return [...rows];
  const out = [...rows];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
}

/** Changes a row's values; a new ticket type puts it last among that type's releases. */
export function updateRow(
  rows: readonly ReleaseRowValues[],
  key: string,
  patch: Partial<Omit<ReleaseRowValues, 'key' | 'id'>>,
): ReleaseRowValues[] {
  const row = rows.find((r) => r.key === key);
  if (!row) return [...rows];
  const changed = { ...row, ...patch };
  if (changed.ticketType === row.ticketType) return rows.map((r) => (r.key === key ? changed : r));
  return addRow(
    rows.filter((r) => r.key !== key),
    changed,
  );
}

/** Whether a row is the first (up) or last (down) of its type: its arrow does nothing. */
export function isEndOfType(rows: readonly ReleaseRowValues[], index: number, direction: -1 | 1): boolean {
  return rows[index + direction]?.ticketType !== rows[index]?.ticketType;
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());
/** '' or anything that is not a number → null (the shared schema then names what is wrong). */
function numberOrNull(v: number | string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const text = v.replace(/[£,\s]/g, '');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** One row as PUT /api/admin/events/{id}/releases takes it, before the shared schema's checks. */
export function toReleaseInput(row: ReleaseRowValues) {
  return {
    ...(row.id === undefined ? {} : { id: row.id }),
    ticketType: row.ticketType,
    name: row.name,
    price: numberOrNull(row.price),
    quantity: numberOrNull(row.quantity),
    salesStart: blankToNull(row.salesStart),
    salesEnd: blankToNull(row.salesEnd),
    unlockCode: blankToNull(row.unlockCode),
    membersOnlyTier: row.membersOnlyTier === '' ? null : row.membersOnlyTier,
  };
}

/** A field error as the API and the shared schema name it: `releases.2.price`, or `releases`. */
export interface ReleaseFieldError {
  field: string;
  message: string;
}

/** Field errors sorted out: per row (by the row's key) and field, and those about the whole list. */
export interface ReleaseErrors {
  rows: Record<string, Partial<Record<keyof ReleaseRowValues, string>>>;
  general: string[];
}

/**
 * Puts each `releases.N.field` error on the row that was sent N-th (the rows as they were sent);
 * the rest (the list's length, unknown fields) are general. The first message per field wins.
 */
export function releaseErrorsOf(
  errors: readonly ReleaseFieldError[],
  sent: readonly ReleaseRowValues[],
): ReleaseErrors {
  const out: ReleaseErrors = { rows: {}, general: [] };
  for (const { field, message } of errors) {
    const match = /^releases\.(\d+)\.(\w+)$/.exec(field);
    const row = match ? sent[Number(match[1])] : undefined;
    if (!match || !row) {
      if (!out.general.includes(message)) out.general.push(message);
      continue;
    }
    const name = (match[2] === 'id' ? 'name' : match[2]) as keyof ReleaseRowValues;
    const rowErrors = out.rows[row.key] ?? {};
    rowErrors[name] ??= message;
    out.rows[row.key] = rowErrors;
  }
  return out;
}

/**
 * The body to save, in the rows' order, checked by the same schema as the server: the body, or
 * the errors to show (named as the server names them).
 */
export function releasesBodyOf(
  rows: readonly ReleaseRowValues[],
): { ok: true; body: ReleasesBody } | { ok: false; errors: ReleaseFieldError[] } {
  const parsed = ReleasesBody.safeParse({ releases: rows.map(toReleaseInput) });
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  };
}

/** The ticket types sold in releases (saved ones): the event form shows their totals and prices read-only. */
export const ladderedTypesOf = (releases: readonly Pick<AdminRelease, 'ticketType'>[]) =>
  new Set(releases.map((r) => r.ticketType));
