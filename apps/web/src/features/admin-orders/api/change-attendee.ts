import { type AttendeeChangeBody, AttendeeChangeResponse } from '@fourfour/shared/order-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

/** PATCH /api/admin/tickets/{id}: a new attendee on the same ticket (same QR). */
export const changeAttendee = ({ ticketId, ...body }: AttendeeChangeBody & { ticketId: string }) =>
  api.patch(`/api/admin/tickets/${encodeURIComponent(ticketId)}`, body, { schema: AttendeeChangeResponse });

export function useChangeAttendee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAttendee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersKeys.all }),
  });
}
