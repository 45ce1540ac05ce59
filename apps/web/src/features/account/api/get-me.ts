import type { AccountView } from '@fourfour/shared/auth';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { authSchemas } from '../../../lib/lazy-schemas.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/me → the account view (its schema loaded with the request: lib/lazy-schemas.ts). */
export const getMe = () => api.get('/api/account/me', { schema: () => authSchemas().then((m) => m.AccountView) });
export const meQuery = () => queryOptions({ queryKey: accountKeys.me(), queryFn: getMe });

export interface UseMeOptions<T> {
  /** A part of the view (the affiliate code, ...). */
  select?: (me: AccountView) => T;
  /** Ask again on mount even when the cached view is fresh: a rule that must use current facts. */
  refetchOnMount?: 'always';
}

/**
 * The signed-in user's account view: the only reader of /api/account/me (account, membership,
 * affiliate code and the free-ticket rule all use it), one key and one staleTime.
 */
export function useMe<T = AccountView>({ select, refetchOnMount }: UseMeOptions<T> = {}): UseQueryResult<T> {
  const { queryKey, queryFn } = meQuery();
  return useQuery({ queryKey, queryFn, select, refetchOnMount });
}
