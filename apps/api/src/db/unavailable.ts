/**
 * Whether an error means the database cannot be reached right now (down, restarting, connections
 * cut, no free connection within the pool's timeout), as opposed to a fault in a query. Such a
 * request is answered 503 with a message that says to try again (lib/errors.ts); the pool
 * reconnects by itself once PostgreSQL answers again.
 */

/** Socket errors of a connection attempt or of a connection that broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * PostgreSQL's SQLSTATEs for a server that is shutting down or starting (57P01-57P03), a lost
 * connection (class 08) and no connection slots left (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** node-postgres's own wording for a connection that ended or never came. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  // A pipelined lane's own connect timeout and read timeout (db/lanes.ts).
  'timeout expired',
  'Query read timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError.cause), so the chain is walked.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
