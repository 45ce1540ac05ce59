import { SCANNER_DEVICE_HEADER, ScanResult } from '@fourfour/shared/scan';
import { api } from '../../../lib/api.ts';
import { scannerDeviceId } from '../scanner-device.ts';
import { doorCall } from './door-call.ts';

/**
 * POST /api/ticket-scan?qrCodeValue= (spec 02 §7); refusals arrive as ApiError (409/410/404). A lost
 * signal throws ApiError with status null (the scanner then checks the code offline) instead of
 * signing the scanner out.
 */
export const scanTicket = async (qrCodeValue: string, signal?: AbortSignal) =>
  ScanResult.parse(
    await doorCall((options) =>
      api.post('/api/ticket-scan', undefined, {
        ...options,
        query: { qrCodeValue },
        headers: { [SCANNER_DEVICE_HEADER]: scannerDeviceId() },
        signal,
      }),
    ),
  );
