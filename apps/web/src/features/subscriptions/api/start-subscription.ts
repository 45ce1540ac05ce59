import type { PaidTier } from '@fourfour/shared/enums';
import { UrlResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/subscription/subscribe?tier=: the provider's checkout page to go to. */
export const startSubscription = (tier: PaidTier) =>
  api.post('/api/subscription/subscribe', undefined, { query: { tier }, schema: UrlResponse });
export const useStartSubscription = () => useMutation({ mutationFn: startSubscription });
