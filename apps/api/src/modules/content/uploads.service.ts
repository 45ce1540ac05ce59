import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_FOLDERS, UPLOAD_MESSAGES, type UploadFolder } from '@fourfour/shared/content';
import { rosterEntries, teamMembers, top5Songs } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import type { UploadedFile } from '../../lib/multipart.ts';

/** Folders whose files belong to content rows (and may be deleted once no row uses them). */
const CONTENT_FOLDERS = ['top5/', 'roster/', 'team/'];
const MEDIA_PREFIX = '/api/media/files/';

/** The generic admin image upload: an image by its bytes, re-encoded, stored in one of three folders. */
export async function uploadContentImage(
  app: FastifyInstance,
  input: { file: UploadedFile | undefined; folder: string | undefined },
): Promise<{ publicUrl: string }> {
  if (!input.folder || !(UPLOAD_FOLDERS as readonly string[]).includes(input.folder)) {
    throw badRequest(UPLOAD_MESSAGES.folder, [{ field: 'folder', message: UPLOAD_MESSAGES.folder }]);
  }
  if (!input.file)
    throw new AppError('BAD_REQUEST', 400, UPLOAD_MESSAGES.notImage, [
      { field: 'file', message: UPLOAD_MESSAGES.notImage },
    ]);
  const image = await processImage(input.file.data, { maxSide: 1600, notImageMessage: UPLOAD_MESSAGES.notImage });
  const stored = await app.storage.put(input.folder as UploadFolder, image.data, image.contentType, image.extension);
  return { publicUrl: app.storage.publicUrl(stored.key) };
}

/**
 * Deletes stored content images that no Top 5 row, roster entry or team member points at any more.
 * URLs outside our content folders (https links, other media) are left alone.
 */
export async function releaseStoredImages(app: FastifyInstance, urls: (string | null | undefined)[]): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url?.startsWith(MEDIA_PREFIX)) continue;
    const key = url.slice(MEDIA_PREFIX.length);
    if (!CONTENT_FOLDERS.some((f) => key.startsWith(f))) continue;
    const [inTop5] = await app.db
      .select({ rank: top5Songs.rank })
      .from(top5Songs)
      .where(eq(top5Songs.imageUrl, url))
      .limit(1);
    const [inRoster] = await app.db
      .select({ id: rosterEntries.id })
      .from(rosterEntries)
      .where(eq(rosterEntries.imageUrl, url))
      .limit(1);
    const [inTeam] = await app.db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(eq(teamMembers.imageUrl, url))
      .limit(1);
    if (inTop5 || inRoster || inTeam) continue;
    await app.storage.delete(key).catch((err) => app.log.warn({ err, key }, 'could not delete an unused image'));
  }
}
