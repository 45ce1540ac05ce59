import type { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { signedInDevicesQuery } from './list-signed-in-devices.ts';

/** POST /api/account/sessions/sign-out-others: every device but this one is signed out. */
export const signOutOtherDevices = () => api.post<MessageBody>('/api/account/sessions/sign-out-others');
export const useSignOutOtherDevices = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherDevices,
    onSettled: () => client.invalidateQueries({ queryKey: signedInDevicesQuery().queryKey }),
  });
};
