import { Top5List, type Top5SongInput } from '@fourfour/shared/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { top5Keys } from './query-keys.ts';

export interface SaveTop5Input {
  songs: Top5SongInput[];
  /** Uploaded artwork by rank (sent as image1..image5). */
  images: Partial<Record<number, File>>;
}

/** PUT /api/admin/top5 as multipart: `data` = { songs } JSON and one image part per uploaded rank. */
export function saveTop5({ songs, images }: SaveTop5Input) {
  const form = new FormData();
  form.append('data', JSON.stringify({ songs }));
  for (const [rank, file] of Object.entries(images)) {
    if (file) form.append(`image${rank}`, file, file.name);
  }
  return api.request('/api/admin/top5', { method: 'PUT', body: form, schema: Top5List });
}

export function useSaveTop5() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTop5,
    onSuccess: (saved) => queryClient.setQueryData(top5Keys.current(), saved),
  });
}
