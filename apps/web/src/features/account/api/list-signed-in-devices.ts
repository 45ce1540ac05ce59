import { SignedInDevices } from '@fourfour/shared/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/sessions → the account's signed-in devices, this one first. */
export const listSignedInDevices = () => api.get('/api/account/sessions', { schema: SignedInDevices });
export const signedInDevicesQuery = () =>
  queryOptions({ queryKey: accountKeys.devices(), queryFn: listSignedInDevices });
export const useSignedInDevices = () => useQuery(signedInDevicesQuery());
