import { SubmissionsPage } from '@fourfour/shared/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { submissionsKeys } from './query-keys.ts';

/** GET /api/admin/submissions?size=&cursor=: newest first, paged by cursor (null: the first page). */
export const getSubmissions = (cursor: string | null, size: number) =>
  api.get('/api/admin/submissions', { query: { size, cursor: cursor ?? undefined }, schema: SubmissionsPage });

export const submissionsQuery = (cursor: string | null, size: number) =>
  queryOptions({
    queryKey: submissionsKeys.page(cursor, size),
    queryFn: () => getSubmissions(cursor, size),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(cursor: string | null, size: number) {
  return useQuery(submissionsQuery(cursor, size));
}
