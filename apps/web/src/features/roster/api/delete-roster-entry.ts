import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteRosterEntry = (id: number) => api.delete<void>(`/api/admin/roster/${id}`);

export function useDeleteRosterEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRosterEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roster'] }),
  });
}
