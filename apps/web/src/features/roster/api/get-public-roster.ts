import type { PublicRosterEntry, RosterCategory } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getPublicRoster = (category: RosterCategory) =>
  api.get<PublicRosterEntry[]>('/api/public/roster', { query: { category } });

export const publicRosterQuery = (category: RosterCategory) =>
  queryOptions({ queryKey: ['roster', 'public', category], queryFn: () => getPublicRoster(category) });

export function usePublicRoster(category: RosterCategory) {
  return useQuery(publicRosterQuery(category));
}
