import { SubscriptionCheckoutResult } from '@fourfour/shared/memberships';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/subscription/checkout-result?session_id=: the subscription's status and tier. */
export const getSubscriptionCheckoutResult = async (sessionId: string) =>
  SubscriptionCheckoutResult.parse(
    await api.get('/api/subscription/checkout-result', { query: { session_id: sessionId } }),
  );
export const useSubscriptionCheckoutResult = (sessionId: string | null) =>
  useQuery({
    queryKey: ['subscription', 'checkout-result', sessionId],
    queryFn: () => getSubscriptionCheckoutResult(sessionId ?? ''),
    enabled: !!sessionId,
    retry: false,
  });
