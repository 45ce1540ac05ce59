import { SCANNER_DEVICE_HEADER, type ScanResult } from '@fourfour/shared/scan';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { scannerDeviceId } from '../scanner-device.ts';

/** POST /api/ticket-scan?qrCodeValue= (spec 02 §7); refusals arrive as ApiError (409/410/404). */
export const scanTicket = (qrCodeValue: string) =>
  api.post<ScanResult>('/api/ticket-scan', undefined, {
    query: { qrCodeValue },
    headers: { [SCANNER_DEVICE_HEADER]: scannerDeviceId() },
  });

export function useScanTicket() {
  return useMutation({ mutationFn: scanTicket, retry: false });
}
