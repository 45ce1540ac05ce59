import type { AccountView } from '@fourfour/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { affiliateSchemas } from '../../../lib/lazy-schemas.ts';
import { accountKeys } from '../../account/index.ts';

/** GET /api/affiliate/generate → the caller's code (created on the first call, the same afterwards). */
export const generateAffiliateCode = async () =>
  (await api.get('/api/affiliate/generate', { schema: () => affiliateSchemas().then((m) => m.AffiliateCodeResponse) }))
    .affiliateCode;

export function useGenerateAffiliateCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAffiliateCode,
    onSuccess: (code) => {
      // The account view carries the code: show it at once, then read the view again.
      queryClient.setQueryData<AccountView>(accountKeys.me(), (me) => me && { ...me, affiliateCode: code });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}
