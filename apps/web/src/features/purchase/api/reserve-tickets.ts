import { type ReserveBody, ReserveResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

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
    schema: ReserveResponse,
  });
export const useReserveTickets = () => useMutation({ mutationFn: reserveTickets });
