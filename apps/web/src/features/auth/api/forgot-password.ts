import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazyMessageBody } from '../../../lib/lazy-schemas.ts';

/** POST /api/auth/forgot-password { email }: the same answer whether or not the address exists. */
export const forgotPassword = (email: string) =>
  api.post('/api/auth/forgot-password', { email }, { schema: lazyMessageBody });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
