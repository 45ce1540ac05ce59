import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type BlobStore, StorageUnavailableError } from './blob-store.ts';

/** Files under `root` (DATA_DIR/uploads); several instances need it on a shared volume. */
export function createDiskBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, key);
  return {
    description: `local disk (${root})`,
    async write(key, data) {
      const file = fileOf(key);
      // Written under a temporary name and renamed: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw new StorageUnavailableError('write', err);
      }
    },
    async open(key): Promise<Readable | null> {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageUnavailableError('read', err);
      }
    },
    async remove(key) {
      try {
        await rm(fileOf(key), { force: true });
      } catch (err) {
        throw new StorageUnavailableError('remove', err);
      }
    },
    async close() {},
  };
}
