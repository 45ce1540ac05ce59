import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { doorSchemas } from '../../../lib/lazy-schemas.ts';
import { doorCall } from './door-call.ts';
import { scanKeys } from './query-keys.ts';

/** GET /api/ticket-scan/events: the events whose door is open or opens within 48 hours. */
export const getDoorEvents = () =>
  doorCall((options) =>
    api.get('/api/ticket-scan/events', { ...options, schema: () => doorSchemas().then((m) => m.DoorEventList) }),
  );

export const doorEventsQuery = () =>
  queryOptions({ queryKey: scanKeys.doorEvents(), queryFn: getDoorEvents, retry: false, staleTime: 60_000 });

export function useDoorEvents(enabled: boolean) {
  return useQuery({ ...doorEventsQuery(), enabled });
}
