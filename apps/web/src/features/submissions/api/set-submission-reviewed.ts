import { SongSubmissionSummary } from '@fourfour/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { submissionsKeys } from './query-keys.ts';

export const setSubmissionReviewed = ({ id, reviewed }: { id: number; reviewed: boolean }) =>
  api.patch(`/api/admin/submissions/${id}`, { reviewed }, { schema: SongSubmissionSummary });

export function useSetSubmissionReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubmissionReviewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: submissionsKeys.all }),
  });
}
