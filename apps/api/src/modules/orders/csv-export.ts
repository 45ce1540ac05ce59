import type { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type DownloadAnswer, type Freshness, SharedDownloads } from '../../lib/shared-download.ts';

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<R> {
  header: string;
  cell: (row: R) => string | number | null;
}

/**
 * A CSV export read in batches: `next(cursor)` answers a batch of rows (cursor null: the first) and
 * the cursor of the next batch, or null after the last (keyset paging, never OFFSET).
 */
export type NextBatch<R, C> = (cursor: C | null) => Promise<{ rows: R[]; cursor: C | null }>;

/**
 * Finished exports kept for later downloads while their data is unchanged (SharedDownloads): 8 MiB
 * in all per instance (the busiest night's three exports), each for an hour at most. A promoter
 * downloads a past night's orders again and again for the accounts; at the door, every admission
 * changes the night's exports, and they are made afresh.
 */
const KEEPING = { bytes: 8 * 1024 * 1024, ms: 60 * 60_000 };

/**
 * An export's text, made once for every request that wants it at the same time (SharedDownloads:
 * twenty clients on one event's orders share one reading of it). A download can be joined until
 * 4 MiB of it is made: the orders of the busiest night of the scale bench's three years (10,000
 * tickets) are 2.5 MB; a bigger file is streamed to whoever started it, one batch held at a time.
 */
const downloads = new SharedDownloads(4 * 1024 * 1024, KEEPING);

/**
 * The rows as a CSV stream with flat memory: a batch is turned into text only when the previous one
 * has been written out and a reader wants more (the generator is pulled through stream
 * backpressure), so a 100,000-row export holds a batch or two at a time. Each batch becomes one part of text at once
 * (csv-stringify's synchronous form, adaltas/node-csv): a row at a time through its stream cost more
 * CPU than the query. csv-stringify writes the byte order mark (spreadsheets then read UTF-8 names
 * with accents correctly), quotes what needs quoting, and prefixes a cell starting with = + - @ tab
 * or CR with ' (escape_formulas, OWASP's advice against CSV injection; numbers are left alone).
 * `key` names the export within the app (what and for which event or month): requests with the
 * same key at the same time share one making of it. With `freshness` (how to tell that nothing the
 * export reads has changed), a finished export is kept and answers later requests while it holds.
 */
export function csvStream<R, C>(
  app: FastifyInstance,
  key: string,
  columns: CsvColumn<R>[],
  next: NextBatch<R, C>,
  freshness?: Freshness,
): Readable {
  const options: Options = {
    columns: columns.map((c) => c.header),
    escape_formulas: true,
    record_delimiter: 'windows',
  };
  // The next batch is asked for as soon as its cursor is known, before this one is turned into text,
  // so the database reads it while this process writes (issue 19: the orders of a 10,000-ticket
  // night, ~150 ms with the two in turn). At most one batch ahead: memory stays at two batches.
  const ahead = (cursor: C | null) => {
    const batch = next(cursor);
    batch.catch(() => {}); // a reader gone meanwhile leaves it unawaited; awaited, it still throws
    return batch;
  };
  async function* parts() {
    let coming: ReturnType<NextBatch<R, C>> | null = ahead(null);
    let first = true;
    while (coming) {
      const batch: { rows: R[]; cursor: C | null } = await coming;
      coming = batch.cursor === null ? null : ahead(batch.cursor);
      const records = batch.rows.map((row) => columns.map((c) => c.cell(row) ?? ''));
      // The header (and the byte order mark) once, before the first batch, even an empty one.
      if (first || records.length > 0) yield stringify(records, { ...options, bom: first, header: first });
      first = false;
    }
  }
  // An error midway (the database went away) ends the download broken rather than silently short.
  const failed = (err: unknown) => app.log.error({ err, export: key }, 'CSV export failed midway');
  // Per database (the app's routes are plugins' child instances; they share its database handle).
  const answered = (answer: DownloadAnswer) => app.metrics.exports.inc({ export: key.split('/')[0], answer });
  return downloads.read(app.db, key, parts, failed, freshness, answered);
}

/** How many finished exports this app keeps now (for the tests). */
export function keptExports(app: FastifyInstance): number {
  return downloads.kept(app.db);
}

/** "Sunrise Session: Ñu Disco!" → "sunrise-session-nu-disco": an ASCII file name, whatever the title. */
export function fileSlug(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** Sends a CSV stream as a download named `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
