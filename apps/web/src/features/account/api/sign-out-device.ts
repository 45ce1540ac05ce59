import type { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { signedInDevicesQuery } from './list-signed-in-devices.ts';

/** DELETE /api/account/sessions/{id}: that device's access and refresh end at once. */
export const signOutDevice = (id: string) => api.delete<MessageBody>(`/api/account/sessions/${encodeURIComponent(id)}`);
export const useSignOutDevice = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutDevice,
    onSettled: () => client.invalidateQueries({ queryKey: signedInDevicesQuery().queryKey }),
  });
};
