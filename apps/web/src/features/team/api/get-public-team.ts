import { TeamMemberList } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { teamKeys } from './query-keys.ts';

export const getPublicTeam = () => api.get('/api/public/team', { schema: TeamMemberList });

export const publicTeamQuery = queryOptions({ queryKey: teamKeys.public(), queryFn: getPublicTeam });

export function usePublicTeam() {
  return useQuery(publicTeamQuery);
}
