import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { events } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertEditable, writeAudit } from './admin-change.ts';
import { type EventRow, lockEventRow } from './events.queries.ts';
import { invalidateEventList } from './public-list.service.ts';

/* ------------------------------------------------------------------------------------------------
 * Cancellation: a durable job, so refunds and emails happen even if this process dies right after.
 * ---------------------------------------------------------------------------------------------- */

export const EVENT_CANCELLED_JOB = 'event.cancelled';
export type EventCancelledListener = (app: FastifyInstance, eventId: number) => Promise<void>;
const cancelledListeners: EventCancelledListener[] = [];

/**
 * Other domains react to a cancellation here (tickets: refund paid tickets, void free ones, email
 * holders). Listeners run inside a retried job, so each must be idempotent.
 */
export function onEventCancelled(listener: EventCancelledListener): void {
  if (!cancelledListeners.includes(listener)) cancelledListeners.push(listener);
}

export function defineEventJobs(app: FastifyInstance): void {
  app.jobs.define<{ eventId: number }>({
    name: EVENT_CANCELLED_JOB,
    handler: async ({ eventId }) => {
      // Each listener runs even if another fails; any failure retries the job (listeners are idempotent).
      const failures: unknown[] = [];
      for (const listener of cancelledListeners) {
        try {
          await listener(app, eventId);
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1)
        throw new AggregateError(failures, `${failures.length} event.cancelled listeners failed`);
    },
  });
}

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
    await app.jobs.send(EVENT_CANCELLED_JOB, { eventId }, { tx, singletonKey: `event-cancelled:${eventId}` });
    await writeAudit(tx, actor, 'event.cancel', eventId, { title: current.title });
    return updated!;
  });
  invalidateEventList(app);
  return row;
}
