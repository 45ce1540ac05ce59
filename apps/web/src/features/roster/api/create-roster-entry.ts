import { RosterEntry, type RosterEntryInput } from '@fourfour/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rosterKeys } from './query-keys.ts';

export const createRosterEntry = (input: RosterEntryInput) =>
  api.post('/api/admin/roster', input, { schema: RosterEntry });

export function useCreateRosterEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRosterEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
  });
}
