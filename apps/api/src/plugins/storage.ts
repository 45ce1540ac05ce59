import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mediaFiles } from '../db/schema/index.ts';
import { type BlobStore, StorageUnavailableError } from '../lib/storage/blob-store.ts';
import { createDiskBlobStore } from '../lib/storage/disk.ts';
import { createS3BlobStore } from '../lib/storage/s3.ts';

export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
  etag: string;
}

export interface Storage {
  /**
   * Stores bytes under a new random key in `folder` (e.g. "events", "roster/djs"). The bytes are
   * written before the metadata row, so a row never names a missing object; a caller whose own
   * transaction then fails deletes the key. Fails with a 503 when the disk or bucket is down.
   */
  put(folder: string, data: Buffer, contentType: string, extension: string): Promise<StoredFile>;
  /** The whole file in memory (artwork); null when there is no such file. */
  get(key: string): Promise<(StoredFile & { data: Buffer }) | null>;
  /** The file as a stream (MP3s, media responses); null when there is no such file. */
  open(key: string): Promise<(StoredFile & { body: Readable }) | null>;
  /**
   * Forgets the file and removes its bytes; when the store is down, a job removes them later.
   * Call it after the transaction that stopped using the file has committed, never before.
   */
  delete(key: string): Promise<void>;
  /** The public URL path a stored file is served at. */
  publicUrl(key: string): string;
  /** Sends a stored file with ETag and long cache lifetimes (keys never change content). */
  send(request: FastifyRequest, reply: FastifyReply, key: string, cacheSeconds?: number): Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const SAFE_KEY = /^[a-z0-9/_-]+\/[a-f0-9-]{36}\.[a-z0-9]{2,5}$/;
/** Folders under `private/` (song submissions) are never served by the public media route. */
export const PRIVATE_FOLDER = 'private/';
/** Removes the bytes of a deleted file that the store refused at the time (retried with backoff). */
export const DELETE_OBJECT_JOB = 'storage.delete-object';

const notFoundBody = { message: 'File not found.', code: 'NOT_FOUND' };

/** S3_BUCKET set: the bucket; otherwise DATA_DIR/uploads (decisions.md, issue 18). */
function createBlobStore(app: FastifyInstance): BlobStore {
  const { storage, dataDir } = app.config;
  return storage.kind === 's3' ? createS3BlobStore(storage) : createDiskBlobStore(path.join(dataDir, 'uploads'));
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  } catch (err) {
    throw new StorageUnavailableError('read', err);
  }
  return Buffer.concat(chunks);
}

/**
 * Stored files: bytes in a BlobStore (local disk or an S3-compatible bucket), metadata (type,
 * size, ETag) in the database, served at /api/media/files/... by this process either way.
 */
export default fp(
  async (app) => {
    const blobs = createBlobStore(app);
    app.log.info({ storage: blobs.description }, 'file storage');
    app.addHook('onClose', () => blobs.close());

    /** The store's failure, logged with its cause where it happened, then answered as a 503. */
    const logged = async <T>(key: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (err) {
        if (err instanceof StorageUnavailableError) {
          app.log.error({ err: err.cause, key, operation: err.operation }, 'file storage failed');
        }
        throw err;
      }
    };
    const readMeta = async (key: string): Promise<StoredFile | null> => {
      if (!SAFE_KEY.test(key)) return null;
      const [meta] = await app.db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
      return meta ? { key, contentType: meta.contentType, size: meta.size, etag: meta.etag } : null;
    };

    app.jobs.define<{ key: string }>({
      name: DELETE_OBJECT_JOB,
      handler: async ({ key }) => {
        if (!SAFE_KEY.test(key) || (await readMeta(key))) return;
        await logged(key, () => blobs.remove(key));
      },
    });

    const storage: Storage = {
      async put(folder, data, contentType, extension) {
        const key = `${folder.replace(/[^a-z0-9/_-]/gi, '').toLowerCase()}/${randomUUID()}.${extension}`;
        if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
        await logged(key, () => blobs.write(key, data, contentType));
        const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
        try {
          await app.db.insert(mediaFiles).values({ key, contentType, size: data.length, etag });
        } catch (err) {
          await blobs.remove(key).catch((removeErr) => app.log.warn({ err: removeErr, key }, 'orphan file left'));
          throw err;
        }
        return { key, contentType, size: data.length, etag };
      },
      async open(key) {
        const meta = await readMeta(key);
        if (!meta) return null;
        const body = await logged(key, () => blobs.open(key));
        return body ? { ...meta, body } : null;
      },
      async get(key) {
        const file = await storage.open(key);
        if (!file) return null;
        const { body, ...meta } = file;
        return { ...meta, data: await logged(key, () => readAll(body)) };
      },
      async delete(key) {
        if (!SAFE_KEY.test(key)) return;
        await app.db.delete(mediaFiles).where(eq(mediaFiles.key, key));
        try {
          await logged(key, () => blobs.remove(key));
        } catch (err) {
          if (!(err instanceof StorageUnavailableError)) throw err;
          await app.jobs.send(DELETE_OBJECT_JOB, { key });
        }
      },
      publicUrl(key) {
        return `/api/media/files/${key}`;
      },
      async send(request, reply, key, cacheSeconds = 31_536_000) {
        const meta = await readMeta(key);
        if (!meta) return reply.status(404).send(notFoundBody);
        const cacheHeaders = { etag: meta.etag, 'cache-control': `public, max-age=${cacheSeconds}` };
        // A cached copy is confirmed from the database alone, without touching the store.
        if (request.headers['if-none-match'] === meta.etag) return reply.status(304).headers(cacheHeaders).send();
        const body = await logged(key, () => blobs.open(key));
        if (!body) return reply.status(404).send(notFoundBody);
        return reply
          .headers(cacheHeaders)
          .type(meta.contentType)
          .header('content-length', meta.size)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    };
    app.decorate('storage', storage);

    app.get<{ Params: { '*': string } }>(
      '/api/media/files/*',
      {
        config: { access: 'public' },
        schema: { tags: ['media'], summary: 'A stored file (uploaded image or generated artwork)' },
      },
      (request, reply) => {
        const key = request.params['*'];
        if (key.startsWith(PRIVATE_FOLDER)) return reply.status(404).send(notFoundBody);
        return storage.send(request, reply, key);
      },
    );
  },
  { name: 'storage', dependencies: ['db', 'config', 'jobs'] },
);
