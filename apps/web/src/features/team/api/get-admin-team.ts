import type { TeamMember } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getAdminTeam = () => api.get<TeamMember[]>('/api/admin/team');

export const adminTeamQuery = queryOptions({ queryKey: ['team', 'admin'], queryFn: getAdminTeam });

export function useAdminTeam() {
  return useQuery(adminTeamQuery);
}
