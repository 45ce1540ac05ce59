import type { LoginBody } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/login → { accessToken (or token), user } and the refresh cookie. */
export const login = (body: LoginBody) => api.post<unknown>('/api/auth/login', body);
export const useLogin = () => useMutation({ mutationFn: login });
