import type { RosterCategory, RosterEntry } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getAdminRoster = (category: RosterCategory) =>
  api.get<RosterEntry[]>('/api/admin/roster', { query: { category } });

export const adminRosterQuery = (category: RosterCategory) =>
  queryOptions({ queryKey: ['roster', 'admin', category], queryFn: () => getAdminRoster(category) });

export function useAdminRoster(category: RosterCategory) {
  return useQuery(adminRosterQuery(category));
}
