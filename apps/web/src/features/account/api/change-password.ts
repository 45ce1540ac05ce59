import { type ChangePasswordBody, ChangePasswordResponse } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { setAccessToken } from '../../../lib/session.ts';

/**
 * POST /api/account/change-password. The server ends every session and starts a new one for this
 * device: the answer's access token replaces ours (the refresh cookie is replaced with it).
 */
export const changePassword = (body: ChangePasswordBody) =>
  api.post('/api/account/change-password', body, { schema: ChangePasswordResponse });
export const useChangePassword = () =>
  useMutation({ mutationFn: changePassword, onSuccess: (reply) => setAccessToken(reply.accessToken) });
