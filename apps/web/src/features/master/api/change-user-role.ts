import type { AssignableRole } from '@fourfour/shared/enums';
import { MasterUserRow } from '@fourfour/shared/master';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PATCH /api/master/users/{id}/role with { role } → the updated row. */
export const changeUserRole = async ({ id, role }: { id: number; role: AssignableRole }) =>
  MasterUserRow.parse(await api.patch(`/api/master/users/${id}/role`, { role }));

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['master', 'users'] }),
  });
}
