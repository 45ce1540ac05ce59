import type { PaidTier } from '@fourfour/shared/enums';
import { Paged, PendingVerificationUser, VerificationResult } from '@fourfour/shared/memberships';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const PendingPage = Paged(PendingVerificationUser);

/** GET /api/admin/verification/pending?page=(zero-based)&subscriptionTier= */
export const getPendingVerification = async (page: number, tier: PaidTier | null) =>
  PendingPage.parse(
    await api.get('/api/admin/verification/pending', { query: { page, subscriptionTier: tier ?? undefined } }),
  );
export const usePendingVerification = (page: number, tier: PaidTier | null) =>
  useQuery({
    queryKey: ['admin', 'verification', page, tier],
    queryFn: () => getPendingVerification(page, tier),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/admin/verification/{id}/verify | underage */
export const decideVerification = async (input: { id: number; decision: 'verify' | 'underage' }) =>
  VerificationResult.parse(await api.post(`/api/admin/verification/${input.id}/${input.decision}`));
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
