import type { Readable } from 'node:stream';
import { STORAGE_MESSAGES } from '@fourfour/shared/content';
import { AppError } from '../errors.ts';

/**
 * Where the bytes of stored files live: the local disk or an S3-compatible bucket (STORAGE in
 * config). Keys are `folder/<uuid>.<ext>`, checked by the storage plugin before they get here;
 * metadata (type, size, ETag) is in the database, not in the store.
 */
export interface BlobStore {
  /** For the start-up log: where files go. */
  readonly description: string;
  /** Writes the whole object; when it resolves the bytes are durable. */
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  open(key: string): Promise<Readable | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The disk or the bucket failed (down, full, refused our keys): a 503 with one clear message for
 * every upload, the cause kept for the log.
 */
export class StorageUnavailableError extends AppError {
  constructor(
    public readonly operation: 'write' | 'read' | 'remove',
    cause: unknown,
  ) {
    super('STORAGE_UNAVAILABLE', 503, STORAGE_MESSAGES.unavailable);
    this.cause = cause;
  }
}
