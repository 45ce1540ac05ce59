import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { events } from '../../db/schema/index.ts';
import { processImage, resizeImage } from '../../lib/images.ts';
import { RecentWork } from '../../lib/recent-work.ts';
import { SharedReadings } from '../../lib/shared-reading.ts';
import type { StoredFile } from '../../plugins/storage.ts';

/** Generated artwork lives in its own folder, so the service can tell it from an upload. */
export const DEFAULT_ARTWORK_FOLDER = 'events/default';
export const UPLOADED_ARTWORK_FOLDER = 'events';

export function isGeneratedArtwork(key: string | null): boolean {
  return !!key?.startsWith(`${DEFAULT_ARTWORK_FOLDER}/`);
}

const PALETTES: [string, string, string][] = [
  ['#12c2e9', '#c471ed', '#f64f59'],
  ['#0f2027', '#2c5364', '#00d2ff'],
  ['#ff512f', '#dd2476', '#3a1c71'],
  ['#1d976c', '#0b486b', '#93f9b9'],
  ['#f7971e', '#ff5e62', '#2b1055'],
  ['#4776e6', '#8e54e9', '#16222a'],
];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Breaks a title into at most three lines of about `width` characters. */
function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > 3) {
    const kept = lines.slice(0, 3);
    kept[2] = `${kept[2]!.slice(0, width - 1)}…`;
    return kept.map((l) => (l.length > width + 2 ? `${l.slice(0, width)}…` : l));
  }
  return lines.map((l) => (l.length > width + 2 ? `${l.slice(0, width)}…` : l));
}

/**
 * A default poster for an event without artwork: a gradient picked from the title, the title set in
 * large type and a four-on-the-floor motif, 1200×675 WebP. Rendered locally by sharp (librsvg).
 */
export async function renderDefaultArtwork(title: string): Promise<Buffer> {
  const hash = createHash('sha256').update(title).digest();
  const [a, b, c] = PALETTES[hash[0]! % PALETTES.length]!;
  const angle = hash[1]! % 360;
  const lines = wrapTitle(title || 'FourFour', 18);
  const fontSize = lines.length > 2 ? 78 : 92;
  const top = 340 - ((lines.length - 1) * fontSize * 1.1) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${Math.round(top + i * fontSize * 1.1)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  const beats = [0, 1, 2, 3]
    .map((i) => `<circle cx="${830 + i * 90}" cy="560" r="26" fill="#ffffff" fill-opacity="${0.25 + i * 0.18}"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs>
    <linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${a}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.8" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="675" fill="url(#g)"/>
  <rect width="1200" height="675" fill="url(#glow)"/>
  <rect width="1200" height="675" fill="#000000" fill-opacity="0.18"/>
  <text x="80" y="110" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="34" letter-spacing="8" fill="#ffffff" fill-opacity="0.85">FOURFOUR</text>
  ${text}
  ${beats}
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export interface Artwork {
  file: StoredFile & { data: Buffer };
  /** The version token of the event's current artwork (see artworkVersion). */
  imageKey: string | null;
}

// One generation per event at a time within this process, per database.
const generations = new SharedReadings<number, Artwork | null>();

/**
 * The event's artwork: the upload, or the generated poster (made on first request and stored, so
 * it is drawn once). A lost generated poster is drawn and stored again, once (drawing one costs
 * ~50 ms of CPU, too much for every request of a listed event); a lost upload falls back to a
 * poster drawn on the fly, and keeps its key, since the upload may come back from a backup: never a
 * broken image.
 */
export async function loadEventArtwork(app: FastifyInstance, eventId: number): Promise<Artwork | null> {
  const [row] = await app.db
    .select({ id: events.id, title: events.title, imageKey: events.imageKey })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) return null;
  if (row.imageKey) {
    const file = await app.storage.get(row.imageKey);
    if (file) return { file, imageKey: row.imageKey };
    if (isGeneratedArtwork(row.imageKey)) {
      app.log.warn({ eventId, key: row.imageKey }, 'generated event artwork missing from storage; drawing it again');
      return generateOnce(app, row.id, row.title, row.imageKey);
    }
    app.log.warn({ eventId, key: row.imageKey }, 'event artwork missing from storage; drawing a default');
    return drawnOnTheFly(row.title);
  }
  return generateOnce(app, row.id, row.title, null);
}

/** One drawing of the event's poster at a time in this process; `replacing`: the key it replaces. */
function generateOnce(app: FastifyInstance, eventId: number, title: string, replacing: string | null) {
  return generations.read(app.db, eventId, () => generateAndStore(app, eventId, title, replacing));
}

async function generateAndStore(
  app: FastifyInstance,
  eventId: number,
  title: string,
  replacing: string | null,
): Promise<Artwork | null> {
  const data = await renderDefaultArtwork(title);
  const stored = await app.storage.put(DEFAULT_ARTWORK_FOLDER, data, 'image/webp', 'webp');
  const claimed = await app.db
    .update(events)
    .set({ imageKey: stored.key })
    .where(
      and(
        eq(events.id, eventId),
        replacing === null ? isNull(events.imageKey) : eq(events.imageKey, replacing),
        eq(events.title, title),
      ),
    )
    .returning({ id: events.id });
  if (claimed.length === 0) {
    // Someone else set an image (or the title changed) meanwhile: theirs wins.
    await app.storage.delete(stored.key);
    return loadEventArtworkOnce(app, eventId);
  }
  return { file: { ...stored, data }, imageKey: stored.key };
}

async function loadEventArtworkOnce(app: FastifyInstance, eventId: number): Promise<Artwork | null> {
  const [row] = await app.db
    .select({ imageKey: events.imageKey, title: events.title })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) return null;
  const file = row.imageKey ? await app.storage.get(row.imageKey) : null;
  if (file) return { file, imageKey: row.imageKey };
  return drawnOnTheFly(row.title);
}

/** A poster drawn for this answer only and not stored; its ETag names its bytes. */
async function drawnOnTheFly(title: string): Promise<Artwork> {
  const data = await renderDefaultArtwork(title);
  const etag = `"drawn-${createHash('sha256').update(data).digest('base64url').slice(0, 20)}"`;
  return { file: { key: 'drawn', contentType: 'image/webp', size: data.length, etag, data }, imageKey: null };
}

/**
 * The widths the web client asks for in its `srcset` (a card on a phone, a card on a wide screen at
 * 2x, the full poster): any other `w` is refused, so a client cannot make the server draw thousands
 * of sizes.
 */
export const ARTWORK_WIDTHS = [400, 800, 1200] as const;
export type ArtworkWidth = (typeof ARTWORK_WIDTHS)[number];

// Narrow copies, made on first request and kept in memory by the file's ETag (a new upload has a
// new ETag): at ~10-40 kB each, the bound keeps this under ~10 MB.
const variants = new RecentWork<Buffer>(256);

/** The artwork at `width` pixels wide at most (see ARTWORK_WIDTHS), with an ETag of its own. */
export async function artworkVariant(
  artwork: Artwork,
  width: ArtworkWidth,
): Promise<{ data: Buffer; etag: string; contentType: 'image/webp' }> {
  const { file } = artwork;
  const etag = `${file.etag.replace(/"$/, '')}-w${width}"`;
  const data = await variants.get(etag, () => resizeImage(file.data, width));
  return { data, etag, contentType: 'image/webp' };
}

/** Re-encodes and stores an upload before the transaction; the caller deletes it if that fails. */
export async function storeArtwork(app: FastifyInstance, image: Buffer | undefined): Promise<string | null> {
  if (!image) return null;
  const processed = await processImage(image, { maxSide: 2000, notImageMessage: EVENT_MESSAGES.notAnImage });
  const stored = await app.storage.put(
    UPLOADED_ARTWORK_FOLDER,
    processed.data,
    processed.contentType,
    processed.extension,
  );
  return stored.key;
}

export async function deleteQuietly(app: FastifyInstance, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await app.storage.delete(key).catch((err) => app.log.warn({ err, key }, 'could not delete old artwork'));
}
