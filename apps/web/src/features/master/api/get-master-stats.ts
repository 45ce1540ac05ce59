import { MasterStats } from '@fourfour/shared/master';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/master/stats (MASTER). */
export const getMasterStats = async () => MasterStats.parse(await api.get('/api/master/stats'));
export const masterStatsQuery = () => queryOptions({ queryKey: ['master', 'stats'], queryFn: getMasterStats });
export const useMasterStats = () => useQuery(masterStatsQuery());
