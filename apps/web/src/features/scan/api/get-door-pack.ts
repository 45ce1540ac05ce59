import { api } from '../../../lib/api.ts';
import { doorSchemas } from '../../../lib/lazy-schemas.ts';
import { doorCall } from './door-call.ts';

/**
 * GET /api/ticket-scan/events/{id}/pack: the whole door list, or with `since` the tickets changed
 * since that version. Called by the door's own refresh loop (offline/use-door.ts), not a query.
 */
export const getDoorPack = (eventId: number, query: { since?: string; deviceId: string }) =>
  doorCall((options) =>
    api.get(`/api/ticket-scan/events/${eventId}/pack`, {
      ...options,
      query: { since: query.since, deviceId: query.deviceId },
      schema: () => doorSchemas().then((m) => m.DoorPack),
    }),
  );
