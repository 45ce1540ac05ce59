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
export const openPortal = async (kind: PortalKind) => UrlResponse.parse(await api.get(PATHS[kind]));
export const useOpenPortal = () => useMutation({ mutationFn: openPortal });
