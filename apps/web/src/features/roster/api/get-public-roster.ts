import { PublicRosterEntryList, type RosterCategory } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rosterKeys } from './query-keys.ts';

export const getPublicRoster = (category: RosterCategory) =>
  api.get('/api/public/roster', { query: { category }, schema: PublicRosterEntryList });

export const publicRosterQuery = (category: RosterCategory) =>
  queryOptions({ queryKey: rosterKeys.public(category), queryFn: () => getPublicRoster(category) });

export function usePublicRoster(category: RosterCategory) {
  return useQuery(publicRosterQuery(category));
}
