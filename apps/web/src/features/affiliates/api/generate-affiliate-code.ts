import { AffiliateCodeResponse } from '@fourfour/shared/affiliates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { MY_AFFILIATE_CODE_KEY } from './get-my-affiliate-code.ts';

/** GET /api/affiliate/generate → the caller's code (created on the first call, the same afterwards). */
export const generateAffiliateCode = async () =>
  AffiliateCodeResponse.parse(await api.get('/api/affiliate/generate')).affiliateCode;

export function useGenerateAffiliateCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAffiliateCode,
    onSuccess: (code) => {
      queryClient.setQueryData(MY_AFFILIATE_CODE_KEY, code);
      // The account view carries the code too.
      void queryClient.invalidateQueries({ queryKey: ['account', 'me'] });
    },
  });
}
