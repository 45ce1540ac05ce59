import { ValidateCodeResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/tickets/validate?code= → { valid, discountPercent }. */
export const validateAffiliateCode = (code: string) =>
  api.get('/api/tickets/validate', { query: { code }, schema: ValidateCodeResponse });
export const useValidateAffiliateCode = () => useMutation({ mutationFn: validateAffiliateCode });
