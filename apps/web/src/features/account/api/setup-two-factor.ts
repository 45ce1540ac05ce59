import { TwoFactorSetup } from '@fourfour/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/account/2fa/setup → { secretBase32, qrBase64 (PNG), otpauthUrl }; guards nothing until enabled. */
export const setupTwoFactor = () => api.post('/api/account/2fa/setup', undefined, { schema: TwoFactorSetup });
export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
