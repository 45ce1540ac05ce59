import { MasterUsersPage } from '@fourfour/shared/master';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { masterKeys } from './query-keys.ts';

export interface MasterUsersParams {
  page: number;
  size: number;
  /** "field,ASC" or "field,DESC". */
  sort: string;
  email: string;
}

/** GET /api/master/users?page=&size=&sort=&email= (MASTER). */
export const getMasterUsers = (p: MasterUsersParams) =>
  api.get('/api/master/users', {
    query: { page: p.page, size: p.size, sort: p.sort, email: p.email.trim() || undefined },
    schema: MasterUsersPage,
  });
export const masterUsersQuery = (p: MasterUsersParams) =>
  queryOptions({
    queryKey: masterKeys.usersPage(p),
    queryFn: () => getMasterUsers(p),
    placeholderData: keepPreviousData,
  });
export const useMasterUsers = (p: MasterUsersParams) => useQuery(masterUsersQuery(p));
