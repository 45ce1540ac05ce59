import { SignedInDevices } from '@fourfour/shared/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/account/sessions → the account's signed-in devices, this one first. */
export const listSignedInDevices = async () => SignedInDevices.parse(await api.get('/api/account/sessions'));
export const signedInDevicesQuery = () =>
  queryOptions({ queryKey: ['account', 'sessions'], queryFn: listSignedInDevices });
export const useSignedInDevices = () => useQuery(signedInDevicesQuery());
