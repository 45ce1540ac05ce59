import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { teamKeys } from './query-keys.ts';

/** DELETE /api/admin/team/{id} → 204, no body: no schema. */
export const deleteTeamMember = (id: number) => api.delete(`/api/admin/team/${id}`);

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
