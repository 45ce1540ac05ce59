import type { ReserveBody } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';

/**
 * POST /api/tickets/reserve?eventId=&affiliateCode=&unlockCode= → the 30-minute hold, with each
 * ticket's price (an order crossing from one release into the next shows both).
 */
export const reserveTickets = (input: {
  eventId: number;
  affiliateCode?: string;
  unlockCode?: string;
  tickets: ReserveBody;
}) =>
  api.post('/api/tickets/reserve', input.tickets, {
    query: {
      eventId: input.eventId,
      affiliateCode: input.affiliateCode || undefined,
      unlockCode: input.unlockCode || undefined,
    },
    schema: () => ticketSchemas().then((m) => m.ReserveResponse),
  });
export const useReserveTickets = () => useMutation({ mutationFn: reserveTickets });
