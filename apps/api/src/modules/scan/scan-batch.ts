import { ADMISSION_OPENS_HOURS_BEFORE } from '@fourfour/shared/constants';
import { SCANNER_ROLES, type TicketType } from '@fourfour/shared/enums';
import type { RawSql } from '../../db/client.ts';

/**
 * Gathers door scans into batches for the database (the scan_tickets function, migrations 0006, 0008).
 *
 * At most `maxInFlight` batches are with the database at once. A scan that arrives while there is
 * room goes at once, alone: a quiet door never waits for company. Scans that arrive while every
 * slot is busy queue, and the next free slot takes all of them (up to `maxBatch`) in one round
 * trip and one commit. So under load each scan costs a share of one statement instead of a
 * statement of its own, and scanning never takes more than `maxInFlight` of the pool's
 * connections, whatever the crowd at the doors.
 *
 * Nothing here is shared between instances: a queued scan is a request still in flight.
 */

export interface ScanAttempt {
  ticketId: string;
  scannerId: number;
  sessionVersion: number;
  /** The scanner's access-token session: a signed-out device admits no one. */
  sessionId: string;
  device: string | null;
}

/** One row of scan_tickets: what happened to one scan, and the ticket and event as they then stood. */
export interface ScanRow {
  i: number;
  outcome: 'OK' | 'ALREADY_USED' | 'VOID' | 'WRONG_DAY' | 'RETRY' | 'INVALID' | 'SESSION_ENDED' | 'FORBIDDEN';
  ticket_id: string | null;
  event_id: number | string | null;
  ticket_status: 'VALID' | 'USED' | 'VOID' | null;
  ticket_type: TicketType | null;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  title: string | null;
  /** Epoch milliseconds (float8): both drivers answer a plain number. */
  starts_ms: number | null;
  ends_ms: number | null;
  used_ms: number | null;
  admitted_by: string | null;
}

/** The rules' constants (scanner roles, window hours) are part of the prepared statement's text. */
export const SCAN_SQL = `SELECT * FROM scan_tickets($1::jsonb, '{${SCANNER_ROLES.join(',')}}'::text[], ${ADMISSION_OPENS_HOURS_BEFORE})`;

/**
 * Batches with the database at once (per instance), and scans per batch. One: a batch takes
 * everything that queued while the one before it ran, so batches grow with the crowd and each
 * scan's share of the statement and commit shrinks. Measured with 50 scanners on two CPUs
 * (bench/README.md), 2, 4 and 8 batches side by side gave smaller batches, more database CPU per
 * scan (the batches contend for the same pages) and fewer scans per second than one. Scanning
 * thus holds one of the pool's 20 connections however busy the doors are.
 */
export const SCAN_BATCHES_IN_FLIGHT = 1;
export const SCAN_BATCH_MAX = 100;
/**
 * One call of scan_tickets for a batch of scans: one answer per scan, in their order. The function
 * never waits for a ticket another transaction holds (that scan answers RETRY), so a batch
 * cannot deadlock on tickets; any other wait is cut short by its 2 s lock_timeout, and the
 * batch's scans fail with the error (the door can scan again).
 */
export async function runScanBatch(raw: RawSql, attempts: ScanAttempt[]): Promise<ScanRow[]> {
  const json = JSON.stringify(
    attempts.map((a, i) => ({
      i,
      ticket: a.ticketId,
      scanner: a.scannerId,
      sv: a.sessionVersion,
      sid: a.sessionId,
      device: a.device,
    })),
  );
  const { rows } = await raw.query<ScanRow>(SCAN_SQL, [json], 'scan_tickets');
  const byIndex: ScanRow[] = new Array(attempts.length);
  for (const row of rows) byIndex[row.i] = row;
  if (rows.length !== attempts.length || byIndex.includes(undefined as never)) {
    throw new Error(`scan_tickets answered ${rows.length} rows for ${attempts.length} scans`);
  }
  return byIndex;
}

export interface ScanBatcherOptions<R> {
  /** Runs one batch; answers one result per attempt, in the attempts' order. */
  run(attempts: ScanAttempt[]): Promise<R[]>;
  maxInFlight: number;
  maxBatch: number;
}

interface Waiting<R> {
  attempt: ScanAttempt;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export function createScanBatcher<R>({ run, maxInFlight, maxBatch }: ScanBatcherOptions<R>) {
  let queue: Waiting<R>[] = [];
  let inFlight = 0;

  function settle(batch: Waiting<R>[], results: R[]) {
    if (results.length !== batch.length) {
      const err = new Error(`scan batch answered ${results.length} results for ${batch.length} scans`);
      for (const w of batch) w.reject(err);
      return;
    }
    for (const [k, w] of batch.entries()) w.resolve(results[k]!);
  }

  /** Tickets in a batch that is with the database now. */
  const busy = new Map<string, number>();
  const hold = (ticketId: string, by: number) => {
    const n = (busy.get(ticketId) ?? 0) + by;
    if (n === 0) busy.delete(ticketId);
    else busy.set(ticketId, n);
  };

  /**
   * The next batch: the queue in order, up to maxBatch, leaving for later any scan of a ticket
   * that a batch in flight holds. That scan would only wait for the other batch's row lock inside
   * the database (holding up its own batch); after it, it is answered at once.
   */
  function nextBatch(): Waiting<R>[] {
    if (busy.size === 0 && queue.length <= maxBatch) {
      const all = queue;
      queue = [];
      return all;
    }
    const batch: Waiting<R>[] = [];
    const later: Waiting<R>[] = [];
    for (const w of queue) {
      if (batch.length < maxBatch && !busy.has(w.attempt.ticketId)) batch.push(w);
      else later.push(w);
    }
    queue = later;
    return batch;
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      inFlight++;
      for (const w of batch) hold(w.attempt.ticketId, 1);
      // A `run` that throws at once still settles its scans and frees the slot.
      let running: Promise<R[]>;
      try {
        running = run(batch.map((w) => w.attempt));
      } catch (err) {
        running = Promise.reject(err);
      }
      running
        .then(
          (results) => settle(batch, results),
          (err) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          inFlight--;
          for (const w of batch) hold(w.attempt.ticketId, -1);
          pump();
        });
    }
  }

  return {
    scan(attempt: ScanAttempt): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ attempt, resolve, reject });
        pump();
      });
    },
  };
}
