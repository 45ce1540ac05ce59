import { UrlResponse } from '@fourfour/shared/tickets';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type PortalKind = 'change-plan' | 'cancel' | 'billing';

const PATHS: Record<PortalKind, string> = {
  'change-plan': '/api/subscription/portal/upgrade-or-downgrade',
  cancel: '/api/subscription/portal/cancel',
  billing: '/api/subscription/billing-portal',
};

/** The three portal calls: each answers the provider's portal address to redirect to. */
export const openPortal = (kind: PortalKind) => api.get(PATHS[kind], { schema: UrlResponse });
export const useOpenPortal = () => useMutation({ mutationFn: openPortal });
