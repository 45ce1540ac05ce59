import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /api/master/affiliates/payouts.csv?month=YYYY-MM (MASTER), saved as the file the server names. */
export const downloadPayouts = (month: string) =>
  downloadFile('/api/master/affiliates/payouts.csv', `affiliate-payouts-${month}.csv`, { month });

export function useDownloadPayouts() {
  return useMutation({ mutationFn: downloadPayouts });
}
