import type { Top5Song } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getTop5 = () => api.get<Top5Song[]>('/api/top5');

export const top5Query = queryOptions({ queryKey: ['top5'], queryFn: getTop5 });

export function useTop5() {
  return useQuery(top5Query);
}
