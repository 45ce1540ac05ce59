import { AdminEvent, type EventPricesBody } from '@fourfour/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateEvents } from './query-keys.ts';

export const updateEventPrices = ({ id, prices }: { id: number; prices: EventPricesBody }) =>
  api.put(`/api/admin/events/${id}/prices`, prices, { schema: AdminEvent });

export function useUpdateEventPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventPrices,
    onSuccess: () => invalidateEvents(queryClient),
  });
}
