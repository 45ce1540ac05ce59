import { type SongSubmissionFields, SongSubmissionReceipt } from '@fourfour/shared/content';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface SubmitSongInput {
  fields: SongSubmissionFields;
  mp3: File;
}

/** POST /api/submissions/song as multipart: the text fields, interests repeated, and the mp3. */
export function submitSong({ fields, mp3 }: SubmitSongInput) {
  const form = new FormData();
  form.append('firstName', fields.firstName);
  form.append('lastName', fields.lastName);
  form.append('email', fields.email);
  if (fields.phone) form.append('phone', fields.phone);
  if (fields.link) form.append('link', fields.link);
  form.append('birthDate', fields.birthDate);
  for (const interest of fields.interests) form.append('interests', interest);
  form.append('mp3', mp3, mp3.name);
  return api.request('/api/submissions/song', { method: 'POST', body: form, schema: SongSubmissionReceipt });
}

export function useSubmitSong() {
  return useMutation({ mutationFn: submitSong });
}
