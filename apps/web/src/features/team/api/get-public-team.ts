import type { TeamMember } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getPublicTeam = () => api.get<TeamMember[]>('/api/public/team');

export const publicTeamQuery = queryOptions({ queryKey: ['team', 'public'], queryFn: getPublicTeam });

export function usePublicTeam() {
  return useQuery(publicTeamQuery);
}
