import { UrlResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/tickets/create-checkout-session (form-encoded, empty body, as the spec's client) → { url }. */
export const createCheckoutSession = (reservationToken: string) =>
  api.request('/api/tickets/create-checkout-session', {
    method: 'POST',
    query: { reservationToken },
    body: new URLSearchParams(),
    schema: UrlResponse,
  });
export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
