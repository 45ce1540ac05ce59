import { MessageBody } from '@fourfour/shared/api-error';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * DELETE /api/account/delete { password, code? }: anonymises the account and ends every session.
 * The password (and the current code when 2FA is on) proves it is the owner, not a stolen token.
 */
export const deleteAccount = (body: { password: string; code?: string }) =>
  api.delete('/api/account/delete', {
    json: { password: body.password, ...(body.code ? { code: Number(body.code) } : {}) },
    schema: MessageBody,
  });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
