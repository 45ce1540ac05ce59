import { AdminEvent, type EventInput } from '@fourfour/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateEvents } from './query-keys.ts';

export interface SaveEventVariables {
  /** Absent: create. */
  id?: number;
  data: EventInput;
  image?: File | null;
}

/** Multipart as the spec sends it: a `data` part with the JSON and an optional `image` file. */
function eventFormData(data: EventInput, image?: File | null): FormData {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }), 'data.json');
  if (image) form.append('image', image, image.name);
  return form;
}

export const saveEvent = ({ id, data, image }: SaveEventVariables) =>
  id === undefined
    ? api.request('/api/admin/events/create', { method: 'POST', body: eventFormData(data, image), schema: AdminEvent })
    : api.request(`/api/admin/events/${id}`, { method: 'PUT', body: eventFormData(data, image), schema: AdminEvent });

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: () => invalidateEvents(queryClient),
  });
}
