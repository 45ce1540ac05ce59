import type { AdminEvent } from '@fourfour/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const cancelEvent = (id: number) => api.put<AdminEvent>(`/api/admin/events/${id}/cancel`);

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
