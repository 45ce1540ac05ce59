import type { ExportKind } from '@fourfour/shared/order-exports';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /api/admin/events/{id}/{orders|attendees|scans}.csv, saved as the file the server names. */
export const downloadEventExport = ({ eventId, kind }: { eventId: number; kind: ExportKind }) =>
  downloadFile(`/api/admin/events/${eventId}/${kind}.csv`, `event-${eventId}-${kind}.csv`);

export function useDownloadEventExport() {
  return useMutation({ mutationFn: downloadEventExport });
}
