import { type RosterCategory, RosterEntryList } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rosterKeys } from './query-keys.ts';

export const getAdminRoster = (category: RosterCategory) =>
  api.get('/api/admin/roster', { query: { category }, schema: RosterEntryList });

export const adminRosterQuery = (category: RosterCategory) =>
  queryOptions({ queryKey: rosterKeys.admin(category), queryFn: () => getAdminRoster(category) });

export function useAdminRoster(category: RosterCategory) {
  return useQuery(adminRosterQuery(category));
}
