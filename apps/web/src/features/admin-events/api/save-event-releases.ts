import { AdminReleaseList, type ReleasesBody } from '@fourfour/shared/releases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminEventsKeys, invalidateEvents } from './query-keys.ts';

/** PUT /api/admin/events/{id}/releases: the whole ladder in order (left out = deleted). */
export const saveEventReleases = ({ id, body }: { id: number; body: ReleasesBody }) =>
  api.put(`/api/admin/events/${id}/releases`, body, { schema: AdminReleaseList });

export function useSaveEventReleases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEventReleases,
    // The answer is the saved ladder; the event's totals and prices (editor, lists) follow it.
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(adminEventsKeys.releases(id), answer);
      return invalidateEvents(queryClient);
    },
  });
}
