import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  findTop5Problems,
  parseSpotifyTrackId,
  TOP5_MESSAGES,
  type Top5Song,
  type Top5SongInput,
} from '@fourfour/shared/content';
import type { DbOrTx } from '../../db/client.ts';
import { top5Songs } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { releaseStoredImages } from './uploads.service.ts';

export const TOP5_FOLDER = 'top5';

export async function listTop5(db: DbOrTx): Promise<Top5Song[]> {
  return db
    .select({
      rank: top5Songs.rank,
      title: top5Songs.title,
      artist: top5Songs.artist,
      overview: top5Songs.overview,
      artistDetails: top5Songs.artistDetails,
      spotifyTrackId: top5Songs.spotifyTrackId,
      imageUrl: top5Songs.imageUrl,
    })
    .from(top5Songs)
    .orderBy(asc(top5Songs.rank));
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Replaces the whole Top 5 at once: exactly ranks 1-5, each with title, artist and a Spotify track
 * (URL or id, stored as the id). An uploaded image for rank n (`image<n>`) wins over its imageUrl;
 * uploaded artwork no longer used afterwards is deleted.
 */
export async function replaceTop5(
  app: FastifyInstance,
  input: { songs: Top5SongInput[]; images: Record<number, UploadedFile>; userId: number },
): Promise<Top5Song[]> {
  const problems = findTop5Problems(input.songs);
  if (problems.length > 0) {
    throw badRequest(
      problems[0]!.message,
      problems.map((p) => ({ field: p.field, message: p.message })),
    );
  }
  // Check every image before storing any.
  const processed = new Map<number, Awaited<ReturnType<typeof processImage>>>();
  for (const [rank, file] of Object.entries(input.images)) {
    processed.set(
      Number(rank),
      await processImage(file.data, { maxSide: 1200, notImageMessage: TOP5_MESSAGES.imageNotImage(Number(rank)) }),
    );
  }
  const storedKeys: string[] = [];
  let previous: { imageUrl: string | null }[];
  try {
    const urls = new Map<number, string>();
    for (const [rank, image] of processed) {
      const stored = await app.storage.put(TOP5_FOLDER, image.data, image.contentType, image.extension);
      storedKeys.push(stored.key);
      urls.set(rank, app.storage.publicUrl(stored.key));
    }
    const rows = input.songs.map((s) => ({
      rank: s.rank,
      title: s.title.trim(),
      artist: s.artist.trim(),
      overview: blankToNull(s.overview),
      artistDetails: blankToNull(s.artistDetails),
      spotifyTrackId: parseSpotifyTrackId(s.spotifyTrackId)!,
      imageUrl: urls.get(s.rank) ?? blankToNull(s.imageUrl),
      updatedBy: input.userId,
      updatedAt: new Date(),
    }));
    previous = await app.db.transaction(async (tx) => {
      // Two editors saving at once: the second waits and then replaces the first one's list.
      await tx.execute(sql`LOCK TABLE top5_songs IN SHARE ROW EXCLUSIVE MODE`);
      const before = await tx.select({ imageUrl: top5Songs.imageUrl }).from(top5Songs);
      await tx.delete(top5Songs);
      await tx.insert(top5Songs).values(rows);
      return before;
    });
  } catch (err) {
    for (const key of storedKeys) await app.storage.delete(key).catch(() => {});
    throw err;
  }
  // Only after the commit, and outside the try: the new images are in use from here on.
  await releaseStoredImages(
    app,
    previous.map((p) => p.imageUrl),
  );
  return listTop5(app.db);
}
