import type { PaidTier } from '@fourfour/shared/enums';
import { type LocalPortalAction, LocalPortalView } from '@fourfour/shared/memberships';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET the local provider's portal view of the caller's own subscription. */
export const getLocalPortal = async () => LocalPortalView.parse(await api.get('/api/payments/local/portal'));
export const useLocalPortal = (enabled: boolean) =>
  useQuery({ queryKey: ['local-pay', 'portal'], queryFn: getLocalPortal, retry: false, enabled });

/** A portal action: it goes through the same handler as Stripe's subscription and invoice events. */
export const applyLocalPortalAction = async (input: { action: LocalPortalAction; tier?: PaidTier }) =>
  LocalPortalView.parse(
    await api.post(`/api/payments/local/portal/${input.action}`, input.tier ? { tier: input.tier } : {}),
  );
export function useLocalPortalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyLocalPortalAction,
    onSuccess: (view) => {
      queryClient.setQueryData(['local-pay', 'portal'], view);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
