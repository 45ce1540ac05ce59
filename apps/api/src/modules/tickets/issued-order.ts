import type { DbOrTx } from '../../db/client.ts';
import { orders, reservations, type TicketDraft, tickets } from '../../db/schema/index.ts';

export interface IssuedTicket extends Omit<TicketDraft, 'useFreeTicket'> {
  status?: 'VALID' | 'USED' | 'VOID';
}

export interface IssuedOrderInput {
  userId: number;
  eventId: number;
  tickets: IssuedTicket[];
  affiliateId?: number | null;
  /** When it was bought (default now): the reservation, order and tickets carry it. */
  at?: Date;
  /** Names the local provider's session id: `${prefix}_<reservation id>`. */
  sessionPrefix?: string;
}

/**
 * A paid order with its tickets, written directly as fulfilment leaves them (reservation
 * FULFILLED, order PAID and FULFILLED, tickets issued), for demo data and tests that need tickets
 * without going through checkout. The event's sold counters are the caller's to move.
 */
export async function insertIssuedOrder(db: DbOrTx, input: IssuedOrderInput): Promise<{ id: string }[]> {
  const at = input.at ?? new Date();
  const affiliateId = input.affiliateId ?? null;
  const total = input.tickets.reduce((sum, t) => sum + t.pricePence, 0);
  const [reservation] = await db
    .insert(reservations)
    .values({
      userId: input.userId,
      eventId: input.eventId,
      status: 'FULFILLED',
      standardQty: input.tickets.filter((t) => t.ticketType === 'STANDARD').length,
      vipQty: input.tickets.filter((t) => t.ticketType === 'VIP').length,
      items: input.tickets.map(({ status: _status, ...t }) => ({ ...t, useFreeTicket: false })),
      affiliateId,
      totalPence: total,
      expiresAt: at,
      releasedAt: at,
      createdAt: at,
    })
    .returning({ id: reservations.id });
  const [order] = await db
    .insert(orders)
    .values({
      reservationId: reservation!.id,
      userId: input.userId,
      eventId: input.eventId,
      provider: 'local',
      providerSessionId: `${input.sessionPrefix ?? 'demo'}_${reservation!.id}`,
      amountPence: total,
      status: 'PAID',
      outcome: 'FULFILLED',
      affiliateId,
      paidAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id });
  return db
    .insert(tickets)
    .values(
      input.tickets.map((t) => ({
        orderId: order!.id,
        eventId: input.eventId,
        userId: input.userId,
        ticketType: t.ticketType,
        firstName: t.firstName,
        lastName: t.lastName,
        dateOfBirth: t.dateOfBirth,
        pricePaidPence: t.pricePence,
        affiliateId,
        status: t.status ?? 'VALID',
        voidedAt: t.status === 'VOID' ? at : null,
        createdAt: at,
      })),
    )
    .returning({ id: tickets.id });
}
