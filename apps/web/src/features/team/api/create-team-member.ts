import { TeamMember, type TeamMemberInput } from '@fourfour/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { teamKeys } from './query-keys.ts';

export const createTeamMember = (input: TeamMemberInput) => api.post('/api/admin/team', input, { schema: TeamMember });

export function useCreateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
