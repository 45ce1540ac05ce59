import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export interface RefusedScan {
  ticketId: string;
  eventId: number | null;
  scannerId: number;
  result: string;
  device: string | null;
  at: Date;
}

/** Rows are written at most this long after the scan, or sooner once this many are waiting. */
const FLUSH_AFTER_MS = 100;
const FLUSH_AT_ROWS = 200;

/**
 * The log of refused scans (ALREADY_USED, VOID, WRONG_DAY), written in small batches. A refusal
 * changes nothing, so its log row need not be durable before the door gets its answer; writing it
 * inline cost a commit (an fsync) per refusal, doubling the disk work of a busy door where most
 * repeat scans are refusals. Admissions are logged in the admitting statement itself, durably.
 * Rows keep the scan's own time; pending rows are written when the app closes.
 */
export function createScanLog(app: FastifyInstance) {
  let pending: RefusedScan[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: RefusedScan[]) {
    try {
      const json = JSON.stringify(
        rows.map((r) => ({
          ticket_id: r.ticketId,
          event_id: r.eventId,
          scanner_id: r.scannerId,
          result: r.result,
          device: r.device,
          created_at: r.at.toISOString(),
        })),
      );
      await app.db.execute(sql`
        INSERT INTO ticket_scans (ticket_id, event_id, scanner_id, result, device, created_at)
        SELECT ticket_id, event_id, scanner_id, result, device, created_at
        FROM jsonb_to_recordset(${json}::jsonb)
          AS x(ticket_id uuid, event_id bigint, scanner_id bigint, result text, device text, created_at timestamptz)`);
    } catch (err) {
      app.log.error({ err, rows: rows.length }, 'scan log write failed');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return writing;
    const rows = pending;
    pending = [];
    writing = writing.then(() => write(rows));
    return writing;
  }

  app.addHook('onClose', async () => {
    await flush();
  });

  return {
    record(row: RefusedScan) {
      pending.push(row);
      if (pending.length >= FLUSH_AT_ROWS) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS).unref();
    },
    flush,
  };
}
export type ScanLog = ReturnType<typeof createScanLog>;
