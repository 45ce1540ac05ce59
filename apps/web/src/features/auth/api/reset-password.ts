import type { ResetPasswordBody } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazyMessageBody } from '../../../lib/lazy-schemas.ts';

/** POST /api/auth/reset-password { token, newPassword } → { message }. */
export const resetPassword = (body: ResetPasswordBody) =>
  api.post('/api/auth/reset-password', body, { schema: lazyMessageBody });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
