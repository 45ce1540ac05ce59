import { AccountView } from '@fourfour/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/account/me → the account view. */
export const getAccount = async () => AccountView.parse(await api.get('/api/account/me'));
export const accountQuery = () => queryOptions({ queryKey: ['account', 'me'], queryFn: getAccount });
export const useAccount = () => useQuery(accountQuery());
