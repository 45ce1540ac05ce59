import { LocalCheckoutView, UrlResponse } from '@fourfour/shared/tickets';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { localPayKeys } from './query-keys.ts';

const base = (id: string) => `/api/payments/local/checkout/${encodeURIComponent(id)}`;

/** GET the local provider's session (only the buyer who started it). */
export const getLocalCheckout = (id: string) => api.get(base(id), { schema: LocalCheckoutView });
/** `enabled` waits for the session to be restored (the page is on a public route). */
export const useLocalCheckout = (id: string, enabled: boolean) =>
  useQuery({ queryKey: localPayKeys.checkout(id), queryFn: () => getLocalCheckout(id), retry: false, enabled });

/** Pay or Cancel: the same handler as Stripe's completed / expired webhooks; answers where to go next. */
export const finishLocalCheckout = (input: { id: string; action: 'complete' | 'cancel' }) =>
  api.post(`${base(input.id)}/${input.action}`, undefined, { schema: UrlResponse });
export const useFinishLocalCheckout = () => useMutation({ mutationFn: finishLocalCheckout });
