import type { FastifyInstance } from 'fastify';
import { signTicketToken } from '../../lib/ticket-token.ts';
import { insertIssuedOrder } from '../tickets/issued-order.ts';
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
  const rows = await insertIssuedOrder(app.db, {
    userId: owner.id,
    eventId,
    sessionPrefix: 'scan',
    tickets: Array.from({ length: count }, (_, i) => ({
      ticketType: overrides.ticketType ?? ('STANDARD' as const),
      firstName: `Nia${i}`,
      lastName: 'Adeyemi',
      dateOfBirth: '1995-08-17',
      pricePence: 2000,
      status: overrides.status,
    })),
  });
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
