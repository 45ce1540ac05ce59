import { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/** DELETE /api/account/sessions/{id}: that device's access and refresh end at once. */
export const signOutDevice = (id: string) =>
  api.delete(`/api/account/sessions/${encodeURIComponent(id)}`, { schema: MessageBody });
export const useSignOutDevice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutDevice,
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
};
