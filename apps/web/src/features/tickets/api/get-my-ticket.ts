import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';
import { ticketsKeys } from './query-keys.ts';

/** GET /api/account/my-tickets/{ticketId}?includeQr=true → one ticket with its QR (PNG base64). */
export const getMyTicket = (ticketId: string) =>
  api.get(`/api/account/my-tickets/${encodeURIComponent(ticketId)}`, {
    query: { includeQr: true },
    schema: () => ticketSchemas().then((m) => m.OwnedTicket),
  });
export const useMyTicket = (ticketId: string | null) =>
  useQuery({
    queryKey: ticketsKeys.detail(ticketId),
    queryFn: () => getMyTicket(ticketId!),
    enabled: !!ticketId,
  });
