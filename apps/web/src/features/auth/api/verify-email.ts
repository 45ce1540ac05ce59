import type { VerifyBody } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazyMessageBody } from '../../../lib/lazy-schemas.ts';

/** POST /api/auth/verify { email, code } → { message }. */
export const verifyEmail = (body: VerifyBody) => api.post('/api/auth/verify', body, { schema: lazyMessageBody });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
