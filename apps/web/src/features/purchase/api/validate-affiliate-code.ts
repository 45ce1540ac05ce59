import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';

/** GET /api/tickets/validate?code= → { valid, discountPercent }. */
export const validateAffiliateCode = (code: string) =>
  api.get('/api/tickets/validate', {
    query: { code },
    schema: () => ticketSchemas().then((m) => m.ValidateCodeResponse),
  });
export const useValidateAffiliateCode = () => useMutation({ mutationFn: validateAffiliateCode });
