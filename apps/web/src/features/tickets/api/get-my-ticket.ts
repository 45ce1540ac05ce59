import { OwnedTicket } from '@fourfour/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/account/my-tickets/{ticketId}?includeQr=true → one ticket with its QR (PNG base64). */
export const getMyTicket = async (ticketId: string) =>
  OwnedTicket.parse(
    await api.get(`/api/account/my-tickets/${encodeURIComponent(ticketId)}`, { query: { includeQr: true } }),
  );
export const useMyTicket = (ticketId: string | null) =>
  useQuery({
    queryKey: ['tickets', 'mine', 'detail', ticketId],
    queryFn: () => getMyTicket(ticketId!),
    enabled: !!ticketId,
  });
