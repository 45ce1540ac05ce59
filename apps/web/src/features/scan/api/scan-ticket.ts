import { SCANNER_DEVICE_HEADER } from '@fourfour/shared/scan-rules';
import { api } from '../../../lib/api.ts';
import { scanSchemas } from '../../../lib/lazy-schemas.ts';
import { scannerDeviceId } from '../scanner-device.ts';
import { doorCall } from './door-call.ts';

/**
 * POST /api/ticket-scan?qrCodeValue= (spec 02 §7); refusals arrive as ApiError (409/410/404). A lost
 * signal throws ApiError with status null (the scanner then checks the code offline) instead of
 * signing the scanner out.
 */
export const scanTicket = (qrCodeValue: string, signal?: AbortSignal) =>
  doorCall((options) =>
    api.post('/api/ticket-scan', undefined, {
      ...options,
      query: { qrCodeValue },
      headers: { [SCANNER_DEVICE_HEADER]: scannerDeviceId() },
      signal,
      schema: () => scanSchemas().then((m) => m.ScanResult),
    }),
  );
