import { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/**
 * POST /api/account/2fa/enable { code, password }: the code is sent as a number (spec 01 §5); the
 * password is ours (issue 16), so a stolen session alone cannot turn 2FA on and lock the owner out.
 */
export const enableTwoFactor = (body: { code: string; password: string }) =>
  api.post('/api/account/2fa/enable', { code: Number(body.code), password: body.password }, { schema: MessageBody });
export const useEnableTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
};
