import type { MessageBody } from '@fourfour/shared/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/account/2fa/enable { code }: the code is sent as a number (spec 01 §5). */
export const enableTwoFactor = (code: string) =>
  api.post<MessageBody>('/api/account/2fa/enable', { code: Number(code) });
export const useEnableTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
};
