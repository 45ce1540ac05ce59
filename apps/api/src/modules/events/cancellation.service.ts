import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { events } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertEditable, writeAudit } from './admin-change.ts';
import { EVENT_JOBS } from './events.jobs.ts';
import { type EventRow, lockEventRow } from './events.queries.ts';
import { invalidateEventList } from './public-list.service.ts';

/* ------------------------------------------------------------------------------------------------
 * Cancellation. Refunds and emails follow through the durable job `event.cancelled` (enqueued in the
 * cancellation's transaction), whose handler emits the domain event of the same name (index.ts),
 * so they happen even if this process dies right after.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Idempotent: a second call answers the cancelled event and changes nothing. The refund job is
 * enqueued in the same transaction, so a cancellation never exists without it.
 */
export async function cancelEvent(app: FastifyInstance, actor: AuthUser, eventId: number): Promise<EventRow> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockEventRow(tx, eventId);
    if (!current) throw notFound(EVENT_MESSAGES.notFound);
    if (current.cancelled) return current;
    assertEditable(current);
    const now = new Date();
    const [updated] = await tx
      .update(events)
      .set({ cancelled: true, cancelledAt: now, updatedBy: actor.id, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    await app.jobs.send(EVENT_JOBS.cancelled, { eventId }, { tx, singletonKey: `event-cancelled:${eventId}` });
    await writeAudit(tx, actor, 'event.cancel', eventId, { title: current.title });
    return updated!;
  });
  invalidateEventList(app);
  return row;
}
