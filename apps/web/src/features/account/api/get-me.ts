import { AccountView } from '@fourfour/shared/auth';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/me → the account view. */
export const getMe = () => api.get('/api/account/me', { schema: AccountView });
export const meQuery = () => queryOptions({ queryKey: accountKeys.me(), queryFn: getMe });

/**
 * The signed-in user's account view: the only reader of /api/account/me (account, membership,
 * affiliate code and the free-ticket rule all use it). `select` picks a part.
 */
export function useMe(): UseQueryResult<AccountView>;
export function useMe<T>(select: (me: AccountView) => T): UseQueryResult<T>;
export function useMe<T>(select?: (me: AccountView) => T): UseQueryResult<AccountView | T> {
  return useQuery({ ...meQuery(), select });
}
