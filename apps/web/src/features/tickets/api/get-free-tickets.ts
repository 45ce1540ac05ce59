import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';
import { ticketsKeys } from './query-keys.ts';

/** GET /api/account/free-tickets → used, max, remaining, year, unlimited. */
export const getFreeTickets = () =>
  api.get('/api/account/free-tickets', { schema: () => ticketSchemas().then((m) => m.FreeTicketUsage) });
export const freeTicketUsageQuery = () => queryOptions({ queryKey: ticketsKeys.freeUsage(), queryFn: getFreeTickets });
export const useFreeTickets = () => useQuery(freeTicketUsageQuery());
