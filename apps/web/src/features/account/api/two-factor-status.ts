import { TwoFactorStatus } from '@fourfour/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/2fa/status → { enabled, hasSecret }. */
export const getTwoFactorStatus = () => api.get('/api/account/2fa/status', { schema: TwoFactorStatus });
export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: accountKeys.twoFactor(), queryFn: getTwoFactorStatus });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());
