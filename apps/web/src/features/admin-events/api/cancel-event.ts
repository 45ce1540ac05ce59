import { AdminEvent } from '@fourfour/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateEvents } from './query-keys.ts';

export const cancelEvent = (id: number) => api.put(`/api/admin/events/${id}/cancel`, undefined, { schema: AdminEvent });

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: () => invalidateEvents(queryClient),
  });
}
