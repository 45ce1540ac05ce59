import type { PaidTier } from '@fourfour/shared/enums';
import { PendingVerificationPage, VerificationResult } from '@fourfour/shared/memberships';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminMembershipsKeys } from './query-keys.ts';

/** GET /api/admin/verification/pending?page=(zero-based)&subscriptionTier= */
export const getPendingVerification = (page: number, tier: PaidTier | null) =>
  api.get('/api/admin/verification/pending', {
    query: { page, subscriptionTier: tier ?? undefined },
    schema: PendingVerificationPage,
  });
export const usePendingVerification = (page: number, tier: PaidTier | null) =>
  useQuery({
    queryKey: adminMembershipsKeys.pending(page, tier),
    queryFn: () => getPendingVerification(page, tier),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/admin/verification/{id}/verify | underage */
export const decideVerification = (input: { id: number; decision: 'verify' | 'underage' }) =>
  api.post(`/api/admin/verification/${input.id}/${input.decision}`, undefined, { schema: VerificationResult });
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembershipsKeys.all }),
  });
}
