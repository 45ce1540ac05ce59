import type { RegisterBody } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazyMessageBody } from '../../../lib/lazy-schemas.ts';

/** POST /api/auth/register → 201 { message }; 409 names the taken field. */
export const registerAccount = (body: RegisterBody) =>
  api.post('/api/auth/register', body, { schema: lazyMessageBody });
export const useRegister = () => useMutation({ mutationFn: registerAccount });
