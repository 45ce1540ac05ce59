import type { PaidTier } from '@fourfour/shared/enums';
import { UrlResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/subscription/subscribe?tier=: the provider's checkout page to go to. */
export const startSubscription = async (tier: PaidTier) =>
  UrlResponse.parse(await api.post('/api/subscription/subscribe', undefined, { query: { tier } }));
export const useStartSubscription = () => useMutation({ mutationFn: startSubscription });
