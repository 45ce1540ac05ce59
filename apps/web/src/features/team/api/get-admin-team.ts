import { TeamMemberList } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { teamKeys } from './query-keys.ts';

export const getAdminTeam = () => api.get('/api/admin/team', { schema: TeamMemberList });

export const adminTeamQuery = queryOptions({ queryKey: teamKeys.admin(), queryFn: getAdminTeam });

export function useAdminTeam() {
  return useQuery(adminTeamQuery);
}
