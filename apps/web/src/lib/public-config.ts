import { PRODUCT_NAME } from '@fourfour/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api.ts';

/** GET /api/config/public: facts the client shows (footer contact, product name, payments mode). */
export const PublicConfigSchema = z.object({
  supportEmail: z.string().min(1),
  productName: z.string().min(1),
  paymentsProvider: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'support@fourfour.local',
  productName: PRODUCT_NAME,
  paymentsProvider: 'local',
};

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const body = await api.get('/api/config/public', { retryOnUnauthorized: false });
  return PublicConfigSchema.parse(body);
}

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
