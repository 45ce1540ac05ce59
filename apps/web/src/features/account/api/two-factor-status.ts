import { TwoFactorStatus } from '@fourfour/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/account/2fa/status → { enabled, hasSecret }. */
export const getTwoFactorStatus = async () => TwoFactorStatus.parse(await api.get('/api/account/2fa/status'));
export const twoFactorStatusQuery = () => queryOptions({ queryKey: ['account', '2fa'], queryFn: getTwoFactorStatus });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());
