import { MessageBody } from '@fourfour/shared/api-error';
import type { VerifyBody } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/verify { email, code } → { message }. */
export const verifyEmail = (body: VerifyBody) => api.post('/api/auth/verify', body, { schema: MessageBody });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
