import { SubscriptionCheckoutResult } from '@fourfour/shared/memberships';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { subscriptionsKeys } from './query-keys.ts';

/** GET /api/subscription/checkout-result?session_id=: the subscription's status and tier. */
export const getSubscriptionCheckoutResult = (sessionId: string) =>
  api.get('/api/subscription/checkout-result', {
    query: { session_id: sessionId },
    schema: SubscriptionCheckoutResult,
  });
export const useSubscriptionCheckoutResult = (sessionId: string | null) =>
  useQuery({
    queryKey: subscriptionsKeys.checkoutResult(sessionId),
    queryFn: () => getSubscriptionCheckoutResult(sessionId ?? ''),
    enabled: !!sessionId,
    retry: false,
  });
