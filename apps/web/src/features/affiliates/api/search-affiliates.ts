import { AFFILIATE_PICKER_LIMIT, AffiliatesPage } from '@fourfour/shared/affiliates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { affiliatesKeys } from './query-keys.ts';

/** GET /api/master/affiliates: the first 50 affiliates matching username, email or id. */
export const searchAffiliates = (q: string) =>
  api.get('/api/master/affiliates', {
    query: { page: 0, size: AFFILIATE_PICKER_LIMIT, q: q.trim() || undefined },
    schema: AffiliatesPage,
  });
export const searchAffiliatesQuery = (q: string) =>
  queryOptions({
    queryKey: affiliatesKeys.search(q),
    queryFn: () => searchAffiliates(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
export const useSearchAffiliates = (q: string, enabled: boolean) => useQuery({ ...searchAffiliatesQuery(q), enabled });
