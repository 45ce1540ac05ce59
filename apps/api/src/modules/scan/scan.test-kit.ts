import type { FastifyInstance } from 'fastify';
import { orders, reservations, tickets } from '../../db/schema/index.ts';
import { signTicketToken } from '../../lib/ticket-token.ts';
import type { TestUser } from '../../../test/factories.ts';

/**
 * Issued tickets for scan tests, inserted as fulfilment leaves them (a paid order with its tickets;
 * the purchase path itself is tested in the tickets module), with their signed QR values.
 */
export async function issueTickets(
  app: FastifyInstance,
  owner: { id: number },
  eventId: number,
  count = 1,
  overrides: { status?: 'VALID' | 'USED' | 'VOID'; ticketType?: 'STANDARD' | 'VIP' } = {},
): Promise<{ id: string; code: string }[]> {
  const [reservation] = await app.db
    .insert(reservations)
    .values({
      userId: owner.id,
      eventId,
      status: 'FULFILLED',
      standardQty: count,
      vipQty: 0,
      items: [],
      totalPence: 2000 * count,
      expiresAt: new Date(),
      releasedAt: new Date(),
    })
    .returning({ id: reservations.id });
  const [order] = await app.db
    .insert(orders)
    .values({
      reservationId: reservation!.id,
      userId: owner.id,
      eventId,
      provider: 'local',
      providerSessionId: `scan_${reservation!.id}`,
      amountPence: 2000 * count,
      status: 'PAID',
      outcome: 'FULFILLED',
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const rows = await app.db
    .insert(tickets)
    .values(
      Array.from({ length: count }, (_, i) => ({
        orderId: order!.id,
        eventId,
        userId: owner.id,
        ticketType: overrides.ticketType ?? ('STANDARD' as const),
        firstName: `Nia${i}`,
        lastName: 'Adeyemi',
        dateOfBirth: '1995-08-17',
        pricePaidPence: 2000,
        status: overrides.status ?? ('VALID' as const),
        voidedAt: overrides.status === 'VOID' ? new Date() : null,
      })),
    )
    .returning({ id: tickets.id });
  return rows.map((r) => ({ id: r.id, code: signTicketToken(r.id, app.config.ticketSigningKeyPem) }));
}

export function scan(
  app: FastifyInstance,
  scanner: TestUser | null,
  qrCodeValue: string,
  options: { deviceHeader?: string; deviceQuery?: string } = {},
) {
  const q = new URLSearchParams({ qrCodeValue });
  if (options.deviceQuery !== undefined) q.set('deviceId', options.deviceQuery);
  return app.inject({
    method: 'POST',
    url: `/api/ticket-scan?${q}`,
    headers: {
      ...(scanner ? scanner.headers : {}),
      ...(options.deviceHeader !== undefined ? { 'x-scanner-device': options.deviceHeader } : {}),
    },
  });
}
