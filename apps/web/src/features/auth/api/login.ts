import { type LoginBody, LoginResponse } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/login → { accessToken, user } and the refresh cookie. */
export const login = (body: LoginBody) => api.post('/api/auth/login', body, { schema: LoginResponse });
export const useLogin = () => useMutation({ mutationFn: login });
