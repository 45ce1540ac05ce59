import type { SubmissionsPage } from '@fourfour/shared/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getSubmissions = (page: number, size: number) =>
  api.get<SubmissionsPage>('/api/admin/submissions', { query: { page, size } });

export const submissionsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: ['admin', 'submissions', page, size],
    queryFn: () => getSubmissions(page, size),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(page: number, size: number) {
  return useQuery(submissionsQuery(page, size));
}
