/**
 * Wall-clock times in a named zone (APP_TIMEZONE) ⇄ instants, with Intl only. Events are entered
 * and shown as local times; the database holds timestamptz.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * A date formatter for a zone and options, made once and kept: each `new Intl.DateTimeFormat` with a
 * time zone holds ~26 kB of ICU memory outside V8's heap, which V8 does not count and frees only
 * when it gets round to collecting the wrapper (issue 19: one per request took the server from 190
 * to 700 MB of RSS with 20 clients). The options come from code, so the kept set stays small.
 */
export function dateFormatter(timeZone: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};
const formatterFor = (timeZone: string) => dateFormatter(timeZone, WALL_CLOCK);

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockOf(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in ms (London: 0 in winter, +3 600 000 in summer). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 24 * 3600_000;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * "2026-07-04T23:30:00" in `timeZone` → the instant. A time repeated when clocks go back takes the
 * earlier instant; a time skipped when they go forward moves on by the gap (01:30 → 02:30 BST).
 */
export function localToInstant(local: string, timeZone: string): Date {
  const m = LOCAL_RE.exec(local);
  if (!m) throw new Error(`not a local date-time: ${local}`);
  const [, y, mo, d, h, mi, s] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  // Offsets a day either side bracket any clock change; a candidate is right if it reads back as `local`.
  const offsetBefore = offsetAt(asUtc - DAY_MS, timeZone);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAt(asUtc + DAY_MS, timeZone)].sort((a, b) => a - b);
  const exact = candidates.find((c) => c + offsetAt(c, timeZone) === asUtc);
  return new Date(exact ?? asUtc - offsetBefore);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as wall-clock `YYYY-MM-DDTHH:MM:00` and `YYYY-MM-DD` in `timeZone`. */
export function instantToLocal(instant: Date, timeZone: string): { date: string; dateTime: string } {
  const w = wallClockOf(instant.getTime(), timeZone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return { date, dateTime: `${date}T${pad(w.hour)}:${pad(w.minute)}:00` };
}
