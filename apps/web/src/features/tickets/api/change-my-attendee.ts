import type { AttendeeChangeBody } from '@fourfour/shared/order-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderActionSchemas } from '../../../lib/lazy-schemas.ts';
import { ticketsKeys } from './query-keys.ts';

/** PATCH /api/account/my-tickets/{id}/attendee: the buyer names someone else on their ticket (same QR). */
export const changeMyAttendee = ({ ticketId, ...body }: AttendeeChangeBody & { ticketId: string }) =>
  api.patch(`/api/account/my-tickets/${encodeURIComponent(ticketId)}/attendee`, body, {
    schema: () => orderActionSchemas().then((m) => m.AttendeeChangeResponse),
  });

export function useChangeMyAttendee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMyAttendee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKeys.all }),
  });
}
