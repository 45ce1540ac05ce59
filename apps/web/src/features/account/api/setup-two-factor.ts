import { TwoFactorSetup } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/account/2fa/setup → { secretBase32, qrBase64 (PNG), otpauthUrl }; guards nothing until enabled. */
export const setupTwoFactor = async () => TwoFactorSetup.parse(await api.post('/api/account/2fa/setup'));
export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
