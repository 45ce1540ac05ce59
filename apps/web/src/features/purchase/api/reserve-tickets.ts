import { type ReserveBody, ReserveResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/tickets/reserve?eventId=&affiliateCode= → the 30-minute hold. */
export const reserveTickets = (input: { eventId: number; affiliateCode?: string; tickets: ReserveBody }) =>
  api.post('/api/tickets/reserve', input.tickets, {
    query: { eventId: input.eventId, affiliateCode: input.affiliateCode || undefined },
    schema: ReserveResponse,
  });
export const useReserveTickets = () => useMutation({ mutationFn: reserveTickets });
