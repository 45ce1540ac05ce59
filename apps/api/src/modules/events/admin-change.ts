import { EVENT_MESSAGES } from '@fourfour/shared/events';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { EventRow } from './events.queries.ts';

/* ------------------------------------------------------------------------------------------------
 * What every admin change of an event (edit, prices, cancel) follows: the event is not locked, and
 * an audit row is written in the same transaction as the change.
 * ---------------------------------------------------------------------------------------------- */

/** A cancelled or started event is locked. */
export function assertEditable(row: EventRow): void {
  if (row.cancelled) throw conflict(EVENT_MESSAGES.cancelledLocked, 'EVENT_CANCELLED');
  if (row.startsAt && row.startsAt.getTime() <= Date.now()) throw conflict(EVENT_MESSAGES.pastLocked, 'EVENT_PAST');
}

export async function writeAudit(
  tx: DbOrTx,
  actor: AuthUser,
  action: string,
  eventId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ actorId: actor.id, action, entityType: 'event', entityId: String(eventId), details });
}
