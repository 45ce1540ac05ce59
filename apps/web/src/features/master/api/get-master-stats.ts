import { MasterStats } from '@fourfour/shared/master';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { masterKeys } from './query-keys.ts';

/** GET /api/master/stats (MASTER). */
export const getMasterStats = () => api.get('/api/master/stats', { schema: MasterStats });
export const masterStatsQuery = () => queryOptions({ queryKey: masterKeys.stats(), queryFn: getMasterStats });
export const useMasterStats = () => useQuery(masterStatsQuery());
