import type { SongSubmissionSummary } from '@fourfour/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const setSubmissionReviewed = ({ id, reviewed }: { id: number; reviewed: boolean }) =>
  api.patch<SongSubmissionSummary>(`/api/admin/submissions/${id}`, { reviewed });

export function useSetSubmissionReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubmissionReviewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'submissions'] }),
  });
}
