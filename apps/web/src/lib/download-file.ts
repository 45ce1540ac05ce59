import { ApiError, readBody, type QueryValue } from './api-client.ts';
import { api } from './api.ts';

/** The name a Content-Disposition header gives (`attachment; filename="x.csv"`), if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/**
 * Downloads a file the API serves behind sign-in (a CSV export): a plain link would not carry the
 * in-memory access token, so the file is fetched through the API client (bearer token, one refresh
 * and retry on 401) and saved from a blob under the name the server gives. An error answer throws
 * the usual ApiError.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query?: Record<string, QueryValue>,
): Promise<void> {
  const response = await api.send(path, { query, headers: { Accept: 'text/csv, application/json' } });
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
