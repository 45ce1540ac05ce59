import type { LoginBody, LoginResponse } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toSessionUser } from '../../../lib/auth-session.ts';

/**
 * The shared LoginResponse's shape, checked by hand like the session restore's user: the login page
 * is a first load, kept zod-free (bench/web-size.ts). A reply without a token or user throws.
 */
function toLoginResponse(body: unknown): LoginResponse {
  const reply = body as { accessToken?: unknown; user?: unknown } | null;
  if (typeof reply?.accessToken !== 'string') throw new Error('Unexpected answer from /api/auth/login.');
  return { accessToken: reply.accessToken, user: toSessionUser(reply.user) };
}

/** POST /api/auth/login → { accessToken, user } and the refresh cookie. */
export const login = (body: LoginBody) => api.post('/api/auth/login', body, { schema: { parse: toLoginResponse } });
export const useLogin = () => useMutation({ mutationFn: login });
