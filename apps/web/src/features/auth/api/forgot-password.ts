import { MessageBody } from '@fourfour/shared/api-error';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/forgot-password { email }: the same answer whether or not the address exists. */
export const forgotPassword = (email: string) =>
  api.post('/api/auth/forgot-password', { email }, { schema: MessageBody });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
