import type { PaidTier } from '@fourfour/shared/enums';
import { type LocalPortalAction, LocalPortalView } from '@fourfour/shared/memberships';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from '../../account/index.ts';
import { localPayKeys } from './query-keys.ts';

/** GET the local provider's portal view of the caller's own subscription. */
export const getLocalPortal = () => api.get('/api/payments/local/portal', { schema: LocalPortalView });
export const useLocalPortal = (enabled: boolean) =>
  useQuery({ queryKey: localPayKeys.portal(), queryFn: getLocalPortal, retry: false, enabled });

/** A portal action: it goes through the same handler as Stripe's subscription and invoice events. */
export const applyLocalPortalAction = (input: { action: LocalPortalAction; tier?: PaidTier }) =>
  api.post(`/api/payments/local/portal/${input.action}`, input.tier ? { tier: input.tier } : {}, {
    schema: LocalPortalView,
  });
export function useLocalPortalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyLocalPortalAction,
    onSuccess: (view) => {
      queryClient.setQueryData(localPayKeys.portal(), view);
      // The account view shows the plan.
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
