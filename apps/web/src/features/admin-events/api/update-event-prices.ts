import type { AdminEvent, EventPricesBody } from '@fourfour/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const updateEventPrices = ({ id, prices }: { id: number; prices: EventPricesBody }) =>
  api.put<AdminEvent>(`/api/admin/events/${id}/prices`, prices);

export function useUpdateEventPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventPrices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
