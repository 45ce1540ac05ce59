import { PRODUCT_NAME } from '@fourfour/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** GET /api/config/public: facts the client shows (footer contact, product name, payments mode). */
export interface PublicConfig {
  supportEmail: string;
  productName: string;
  paymentsProvider: string;
}

export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'support@fourfour.local',
  productName: PRODUCT_NAME,
  paymentsProvider: 'local',
};

/** Checked by hand, not with zod: this runs on every first load (bench/web-size.ts budget). */
function toPublicConfig(answer: unknown): PublicConfig {
  const body = answer as Partial<PublicConfig> | null;
  if (!body?.supportEmail || !body.productName || typeof body.paymentsProvider !== 'string') {
    throw new Error('Unexpected answer from /api/config/public.');
  }
  return { supportEmail: body.supportEmail, productName: body.productName, paymentsProvider: body.paymentsProvider };
}

export const fetchPublicConfig = (): Promise<PublicConfig> =>
  api.get('/api/config/public', { schema: { parse: toPublicConfig }, retryOnUnauthorized: false });

export const publicConfigQuery = queryOptions({
  queryKey: ['config', 'public'],
  queryFn: fetchPublicConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  // A server without the endpoint answers 404 once; do not ask again on every page.
  retryOnMount: false,
});

/** The public config, or the fallback while loading or when the endpoint is missing. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQuery);
  return data ?? FALLBACK_PUBLIC_CONFIG;
}
