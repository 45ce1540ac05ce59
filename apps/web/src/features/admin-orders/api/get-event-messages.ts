import { SentEventMessages } from '@fourfour/shared/attendee-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

/** GET /api/admin/events/{id}/messages: what was sent, newest first, with how far each has got. */
export const getEventMessages = (eventId: number) =>
  api.get(`/api/admin/events/${eventId}/messages`, { schema: SentEventMessages });

export const eventMessagesQuery = (eventId: number) =>
  queryOptions({
    queryKey: adminOrdersKeys.messages(eventId),
    queryFn: () => getEventMessages(eventId),
    // A message still going out shows its progress: poll every 3 seconds until every one finished.
    refetchInterval: (query) => (query.state.data?.messages.some((m) => m.finishedAt === null) ? 3000 : false),
  });

export function useEventMessages(eventId: number) {
  return useQuery({ ...eventMessagesQuery(eventId), enabled: Number.isSafeInteger(eventId) && eventId > 0 });
}
