import { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/** POST /api/account/sessions/sign-out-others: every device but this one is signed out. */
export const signOutOtherDevices = () =>
  api.post('/api/account/sessions/sign-out-others', undefined, { schema: MessageBody });
export const useSignOutOtherDevices = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherDevices,
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
};
