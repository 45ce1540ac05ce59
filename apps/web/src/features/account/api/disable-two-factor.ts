import { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/** POST /api/account/2fa/disable { password, code }. */
export const disableTwoFactor = (body: { password: string; code: string }) =>
  api.post('/api/account/2fa/disable', { password: body.password, code: Number(body.code) }, { schema: MessageBody });
export const useDisableTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
};
