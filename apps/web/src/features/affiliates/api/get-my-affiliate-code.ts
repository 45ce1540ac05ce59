import { AccountView } from '@fourfour/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const MY_AFFILIATE_CODE_KEY = ['affiliate', 'my-code'] as const;

/** The caller's code if they have one (read from GET /api/account/me; null until generated). */
export const getMyAffiliateCode = async () => AccountView.parse(await api.get('/api/account/me')).affiliateCode ?? null;
export const myAffiliateCodeQuery = () =>
  queryOptions({ queryKey: MY_AFFILIATE_CODE_KEY, queryFn: getMyAffiliateCode });
export const useMyAffiliateCode = () => useQuery(myAffiliateCodeQuery());
