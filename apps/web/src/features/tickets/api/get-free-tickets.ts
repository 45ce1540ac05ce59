import { FreeTicketUsage } from '@fourfour/shared/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketsKeys } from './query-keys.ts';

/** GET /api/account/free-tickets → used, max, remaining, year, unlimited. */
export const getFreeTickets = () => api.get('/api/account/free-tickets', { schema: FreeTicketUsage });
export const freeTicketUsageQuery = () => queryOptions({ queryKey: ticketsKeys.freeUsage(), queryFn: getFreeTickets });
export const useFreeTickets = () => useQuery(freeTicketUsageQuery());
