import { ResendResponse } from '@fourfour/shared/order-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

/** POST /api/admin/orders/{id}/resend: the ticket email again, to the buyer's current address. */
export const resendOrderTickets = (orderId: string) =>
  api.post(`/api/admin/orders/${encodeURIComponent(orderId)}/resend`, undefined, { schema: ResendResponse });

export function useResendOrderTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOrderTickets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all }),
  });
}
