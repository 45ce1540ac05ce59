import { ValidateCodeResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/tickets/validate?code= → { valid, discountPercent }. */
export const validateAffiliateCode = async (code: string) =>
  ValidateCodeResponse.parse(await api.get('/api/tickets/validate', { query: { code } }));
export const useValidateAffiliateCode = () => useMutation({ mutationFn: validateAffiliateCode });
