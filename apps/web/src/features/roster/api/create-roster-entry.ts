import type { RosterEntry, RosterEntryInput } from '@fourfour/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const createRosterEntry = (input: RosterEntryInput) => api.post<RosterEntry>('/api/admin/roster', input);

export function useCreateRosterEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRosterEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roster'] }),
  });
}
