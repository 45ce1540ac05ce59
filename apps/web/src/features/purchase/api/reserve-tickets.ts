import { type ReserveBody, ReserveResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/tickets/reserve?eventId=&affiliateCode= → the 30-minute hold. */
export const reserveTickets = async (input: { eventId: number; affiliateCode?: string; tickets: ReserveBody }) =>
  ReserveResponse.parse(
    await api.post('/api/tickets/reserve', input.tickets, {
      query: { eventId: input.eventId, affiliateCode: input.affiliateCode || undefined },
    }),
  );
export const useReserveTickets = () => useMutation({ mutationFn: reserveTickets });
