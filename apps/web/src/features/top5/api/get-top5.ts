import { Top5List } from '@fourfour/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { top5Keys } from './query-keys.ts';

export const getTop5 = () => api.get('/api/top5', { schema: Top5List });

export const top5Query = queryOptions({ queryKey: top5Keys.current(), queryFn: getTop5 });

export function useTop5() {
  return useQuery(top5Query);
}
