import { CheckoutResult } from '@fourfour/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { checkoutKeys } from './query-keys.ts';

/** GET /api/tickets/checkout-result?session_id= → { state, message }; polled every 2 s while PENDING. */
export const getCheckoutResult = (sessionId: string) =>
  api.get('/api/tickets/checkout-result', { query: { session_id: sessionId }, schema: CheckoutResult });

export const useCheckoutResult = (sessionId: string | null) =>
  useQuery({
    queryKey: checkoutKeys.result(sessionId),
    queryFn: () => getCheckoutResult(sessionId!),
    enabled: !!sessionId,
    retry: 2,
    refetchInterval: (query) => (query.state.data?.state === 'PENDING' ? 2000 : false),
  });
