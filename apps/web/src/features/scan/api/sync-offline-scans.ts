import { DoorSyncAnswer, type DoorSyncScan } from '@fourfour/shared/door';
import { api } from '../../../lib/api.ts';
import { doorCall } from './door-call.ts';

/** POST /api/ticket-scan/sync: admissions made offline; idempotent on each scan's nonce. */
export const syncOfflineScans = async (deviceId: string, scans: DoorSyncScan[]) =>
  DoorSyncAnswer.parse(await doorCall((options) => api.post('/api/ticket-scan/sync', { deviceId, scans }, options)));
