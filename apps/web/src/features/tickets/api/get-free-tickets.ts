import { FreeTicketUsage } from '@fourfour/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/account/free-tickets → used, max, remaining, year, unlimited. */
export const getFreeTickets = async () => FreeTicketUsage.parse(await api.get('/api/account/free-tickets'));
export const useFreeTickets = () => useQuery({ queryKey: ['tickets', 'free-usage'], queryFn: getFreeTickets });
