import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';
import { ticketsKeys } from './query-keys.ts';

/** GET /api/account/my-tickets?includePast=&includeQr=false → the caller's tickets, without QR. */
export const getMyTickets = (includePast: boolean) =>
  api.get('/api/account/my-tickets', {
    query: { includePast, includeQr: false },
    schema: () => ticketSchemas().then((m) => m.OwnedTicketList),
  });
export const myTicketsQuery = (includePast: boolean) =>
  queryOptions({ queryKey: ticketsKeys.mine(includePast), queryFn: () => getMyTickets(includePast) });
export const useMyTickets = (includePast: boolean) => useQuery(myTicketsQuery(includePast));
