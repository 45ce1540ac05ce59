import type { DoorSyncScan } from '@fourfour/shared/door';
import { api } from '../../../lib/api.ts';
import { doorSchemas } from '../../../lib/lazy-schemas.ts';
import { doorCall } from './door-call.ts';

/** POST /api/ticket-scan/sync: admissions made offline; idempotent on each scan's nonce. */
export const syncOfflineScans = (deviceId: string, scans: DoorSyncScan[]) =>
  doorCall((options) =>
    api.post(
      '/api/ticket-scan/sync',
      { deviceId, scans },
      { ...options, schema: () => doorSchemas().then((m) => m.DoorSyncAnswer) },
    ),
  );
