import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mediaFiles } from '../db/schema/index.ts';

export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
  etag: string;
}

export interface Storage {
  /** Stores bytes under a new random key in `folder` (e.g. "events", "roster/djs"). */
  put(folder: string, data: Buffer, contentType: string, extension: string): Promise<StoredFile>;
  get(key: string): Promise<(StoredFile & { data: Buffer }) | null>;
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

/**
 * Files on local disk under DATA_DIR/uploads, metadata in the database. Several instances need a
 * shared volume for DATA_DIR/uploads (docs/decisions.md).
 */
export default fp(
  async (app) => {
    const root = path.join(app.config.dataDir, 'uploads');
    const fileOf = (key: string) => {
      if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
      return path.join(root, key);
    };

    const storage: Storage = {
      async put(folder, data, contentType, extension) {
        const key = `${folder.replace(/[^a-z0-9/_-]/gi, '').toLowerCase()}/${randomUUID()}.${extension}`;
        const file = fileOf(key);
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, data);
        await rename(tmp, file);
        const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
        await app.db.insert(mediaFiles).values({ key, contentType, size: data.length, etag });
        return { key, contentType, size: data.length, etag };
      },
      async get(key) {
        if (!SAFE_KEY.test(key)) return null;
        const [meta] = await app.db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
        if (!meta) return null;
        try {
          const data = await readFile(fileOf(key));
          return { key, contentType: meta.contentType, size: meta.size, etag: meta.etag, data };
        } catch {
          return null;
        }
      },
      async delete(key) {
        if (!SAFE_KEY.test(key)) return;
        await app.db.delete(mediaFiles).where(eq(mediaFiles.key, key));
        await rm(fileOf(key), { force: true });
      },
      publicUrl(key) {
        return `/api/media/files/${key}`;
      },
      async send(request, reply, key, cacheSeconds = 31_536_000) {
        const file = await storage.get(key);
        if (!file) return reply.status(404).send({ message: 'File not found.', code: 'NOT_FOUND' });
        reply.header('etag', file.etag).header('cache-control', `public, max-age=${cacheSeconds}`);
        if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
        return reply.type(file.contentType).header('x-content-type-options', 'nosniff').send(file.data);
      },
    };
    app.decorate('storage', storage);

    app.get<{ Params: { '*': string } }>(
      '/api/media/files/*',
      { schema: { tags: ['media'], summary: 'A stored file (uploaded image or generated artwork)' } },
      (request, reply) => {
        const key = request.params['*'];
        if (key.startsWith(PRIVATE_FOLDER))
          return reply.status(404).send({ message: 'File not found.', code: 'NOT_FOUND' });
        return storage.send(request, reply, key);
      },
    );
  },
  { name: 'storage', dependencies: ['db', 'config'] },
);
