import { AccountView } from '@fourfour/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/account/me: the subscription and verification fields of the signed-in user. */
export const getMembershipAccount = async () => AccountView.parse(await api.get('/api/account/me'));
export const membershipAccountQuery = () =>
  queryOptions({ queryKey: ['account', 'me'], queryFn: getMembershipAccount });
export const useMembershipAccount = () => useQuery(membershipAccountQuery());
