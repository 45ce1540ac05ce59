import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rosterKeys } from './query-keys.ts';

/** DELETE /api/admin/roster/{id} → 204, no body: no schema. */
export const deleteRosterEntry = (id: number) => api.delete(`/api/admin/roster/${id}`);

export function useDeleteRosterEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRosterEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
  });
}
