import { type UploadFolder, UploadResult } from '@fourfour/shared/content';
import { api } from './api.ts';

/** POST /api/admin/uploads: an image into one of the content folders; answers its public URL. */
export function uploadImage(file: File, folder: UploadFolder): Promise<UploadResult> {
  const form = new FormData();
  form.append('folder', folder);
  form.append('file', file, file.name);
  return api.request('/api/admin/uploads', { method: 'POST', body: form, schema: UploadResult });
}
