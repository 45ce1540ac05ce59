import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';

/** POST /api/tickets/create-checkout-session (form-encoded, empty body, as the spec's client) → { url }. */
export const createCheckoutSession = (reservationToken: string) =>
  api.request('/api/tickets/create-checkout-session', {
    method: 'POST',
    query: { reservationToken },
    body: new URLSearchParams(),
    schema: () => ticketSchemas().then((m) => m.UrlResponse),
  });
export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
