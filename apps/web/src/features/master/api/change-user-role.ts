import type { AssignableRole } from '@fourfour/shared/enums';
import { MasterUserRow } from '@fourfour/shared/master';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { masterKeys } from './query-keys.ts';

/** PATCH /api/master/users/{id}/role with { role } → the updated row. */
export const changeUserRole = ({ id, role }: { id: number; role: AssignableRole }) =>
  api.patch(`/api/master/users/${id}/role`, { role }, { schema: MasterUserRow });

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.users() }),
  });
}
