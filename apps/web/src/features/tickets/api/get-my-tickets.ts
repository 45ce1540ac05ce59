import { OwnedTicket } from '@fourfour/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** GET /api/account/my-tickets?includePast=&includeQr=false → the caller's tickets, without QR. */
export const getMyTickets = async (includePast: boolean) =>
  z.array(OwnedTicket).parse(await api.get('/api/account/my-tickets', { query: { includePast, includeQr: false } }));
export const useMyTickets = (includePast: boolean) =>
  useQuery({ queryKey: ['tickets', 'mine', includePast], queryFn: () => getMyTickets(includePast) });
