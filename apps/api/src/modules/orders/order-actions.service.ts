import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ATTENDEE_CHANGE_MESSAGES, attendeeChangeBlocker } from '@fourfour/shared/attendee-change';
import {
  type AttendeeChangeBody,
  type AttendeeChangeResponse,
  ORDER_ACTION_MESSAGES,
  type ResendResponse,
} from '@fourfour/shared/order-actions';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, events, orders, tickets, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { TICKET_JOBS } from '../tickets/index.ts';
import { sendAttendeeChangedEmail } from './order-actions.email.ts';

/*
 * The back office's one-off actions on an order besides refunds (issue 21): send its tickets again,
 * change an attendee (by an admin, or by the buyer from My tickets). Each writes its audit row and
 * queues the buyer's mail in the same transaction as the change.
 */

export async function writeOrderAudit(
  tx: DbOrTx,
  actorId: number | null,
  action: string,
  entity: { type: 'order' | 'ticket'; id: string },
  details: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values({ actorId, action, entityType: entity.type, entityId: entity.id, details });
}

/**
 * POST /api/admin/orders/{id}/resend: the same mail as after payment (QR codes of the order's
 * tickets still valid) to the account's current address, through the order-email job, which marks
 * the order emailed. Only a PAID order: a refunded or unpaid one has no ticket to send.
 */
export async function resendOrderTickets(
  app: FastifyInstance,
  actorId: number,
  orderId: string,
): Promise<ResendResponse> {
  return app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: orders.status, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!found) throw notFound(ORDER_ACTION_MESSAGES.orderNotFound);
    if (found.status !== 'PAID') throw conflict(ORDER_ACTION_MESSAGES.resendNotPaid, 'ORDER_NOT_PAID');
    if (!found.email) throw conflict(ORDER_ACTION_MESSAGES.resendNoAddress, 'NO_EMAIL');
    await writeOrderAudit(tx, actorId, 'order.resent', { type: 'order', id: orderId }, { email: found.email });
    await app.jobs.send(TICKET_JOBS.orderEmail, { orderId }, { tx });
    return { orderId, email: found.email, message: ORDER_ACTION_MESSAGES.resent };
  });
}

/**
 * Changes the attendee on a ticket: same id, same QR; the door pack's next delta carries the new
 * name (the tickets change_xid trigger stamps the row). An admin (`by: 'ADMIN'`) may change any
 * ticket not void of an event not started; a fan only their own (another's answers 404 like a
 * missing one), until 24 hours before the start, when the event allows it.
 */
export async function changeAttendee(
  app: FastifyInstance,
  actor: { id: number; by: 'ADMIN' | 'FAN' },
  ticketId: string,
  body: AttendeeChangeBody,
): Promise<AttendeeChangeResponse> {
  return app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ticket: tickets, event: events, email: users.email })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(eq(tickets.id, ticketId))
      .for('update', { of: tickets });
    if (!found || (actor.by === 'FAN' && found.ticket.userId !== actor.id)) {
      throw notFound(ORDER_ACTION_MESSAGES.ticketNotFound);
    }
    const { ticket, event } = found;
    const blocker = attendeeChangeBlocker(
      { ticketStatus: ticket.status, startsAt: event.startsAt, attendeeChangesAllowed: event.attendeeChangesAllowed },
      actor.by,
    );
    if (blocker) throw conflict(blocker, 'ATTENDEE_CHANGE_REFUSED');

    const before = { firstName: ticket.firstName, lastName: ticket.lastName, dateOfBirth: ticket.dateOfBirth };
    const after = { firstName: body.firstName, lastName: body.lastName, dateOfBirth: body.dateOfBirth };
    const changed =
      before.firstName !== after.firstName ||
      before.lastName !== after.lastName ||
      before.dateOfBirth !== after.dateOfBirth;
    if (changed) {
      await tx.update(tickets).set(after).where(eq(tickets.id, ticket.id));
      await writeOrderAudit(
        tx,
        actor.id,
        'ticket.attendee-changed',
        { type: 'ticket', id: ticket.id },
        { orderId: ticket.orderId, from: before, to: after, by: actor.by },
      );
      if (found.email) {
        await sendAttendeeChangedEmail(app, tx, {
          email: found.email,
          event,
          ticketType: ticket.ticketType,
          before,
          after,
          by: actor.by,
        });
      }
    }
    return {
      ticketId: ticket.id,
      orderId: ticket.orderId,
      status: ticket.status,
      ...after,
      message: ATTENDEE_CHANGE_MESSAGES.changed,
    };
  });
}
