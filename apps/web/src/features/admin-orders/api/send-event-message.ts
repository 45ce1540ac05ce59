import { type MessageAttendeesBody, SentEventMessage } from '@fourfour/shared/attendee-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

/** POST /api/admin/events/{id}/message: queued for every matching ticket holder, once per account. */
export const sendEventMessage = ({ eventId, body }: { eventId: number; body: MessageAttendeesBody }) =>
  api.post(`/api/admin/events/${eventId}/message`, body, { schema: SentEventMessage });

export function useSendEventMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEventMessage,
    onSuccess: (_sent, { eventId }) => queryClient.invalidateQueries({ queryKey: adminOrdersKeys.messages(eventId) }),
  });
}
