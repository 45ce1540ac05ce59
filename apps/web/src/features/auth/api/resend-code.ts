import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazyMessageBody } from '../../../lib/lazy-schemas.ts';

/** POST /api/auth/resend-code { email } → { message }; 429 during the server's 30 s cooldown. */
export const resendCode = (email: string) => api.post('/api/auth/resend-code', { email }, { schema: lazyMessageBody });
export const useResendCode = () => useMutation({ mutationFn: resendCode });
