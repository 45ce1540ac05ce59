import { type MessageAttendeesBody, MessagePreview } from '@fourfour/shared/attendee-messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/admin/events/{id}/message/preview: the count and the mail as holders will read it; sends nothing. */
export const previewEventMessage = ({ eventId, body }: { eventId: number; body: MessageAttendeesBody }) =>
  api.post(`/api/admin/events/${eventId}/message/preview`, body, { schema: MessagePreview });

export function usePreviewEventMessage() {
  return useMutation({ mutationFn: previewEventMessage });
}
