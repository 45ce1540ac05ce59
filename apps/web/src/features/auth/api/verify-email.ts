import type { MessageBody } from '@fourfour/shared/api-error';
import type { VerifyBody } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/verify { email, code } → { message }. */
export const verifyEmail = (body: VerifyBody) => api.post<MessageBody>('/api/auth/verify', body);
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
