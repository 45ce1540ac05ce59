import { ApiError, readBody } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

/**
 * The MP3 of a submission as a Blob. The file route needs the bearer token, so an <audio> or a
 * download link cannot point at it directly: the page fetches it and uses a blob: URL.
 */
export async function fetchSubmissionFile(fileUrl: string): Promise<Blob> {
  const response = await api.send(fileUrl, { headers: { Accept: 'audio/mpeg' } });
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  return response.blob();
}
