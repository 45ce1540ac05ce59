import { type RefundBody, RefundResponse } from '@fourfour/shared/order-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

/** POST /api/admin/orders/{id}/refund: the chosen tickets paid back and voided (a repeat refunds once). */
export const refundOrderTickets = ({ orderId, ...body }: RefundBody & { orderId: string }) =>
  api.post(`/api/admin/orders/${encodeURIComponent(orderId)}/refund`, body, { schema: RefundResponse });

export function useRefundOrderTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrderTickets,
    // A failure may still have changed something (a refund in flight): the order is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all }),
  });
}
