import { SalesHistory } from '@fourfour/shared/affiliates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { affiliatesKeys } from './query-keys.ts';

/**
 * Monthly sales records, newest first: the caller's own (GET /api/affiliate/stats) or, for ADMIN
 * and MASTER, another affiliate's (GET /api/master/affiliates/{id}/sales-history).
 */
export const getSales = (affiliateId: number | null) =>
  api.get(affiliateId === null ? '/api/affiliate/stats' : `/api/master/affiliates/${affiliateId}/sales-history`, {
    schema: SalesHistory,
  });
export const salesQuery = (affiliateId: number | null) =>
  queryOptions({ queryKey: affiliatesKeys.sales(affiliateId), queryFn: () => getSales(affiliateId) });
export const useSales = (affiliateId: number | null) => useQuery(salesQuery(affiliateId));
