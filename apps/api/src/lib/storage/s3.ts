import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.ts';
import { type BlobStore, StorageUnavailableError } from './blob-store.ts';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * Objects in one S3-compatible bucket through the official AWS SDK v3. Nothing is made public:
 * the bucket stays private and every file is served (or refused) by our own routes.
 */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // A few quick retries, then the request fails (503) instead of hanging an upload for minutes.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default (CRC32 trailers) on plain uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    description: `S3 bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`,
    async write(key, data, contentType) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }),
        );
      } catch (err) {
        throw new StorageUnavailableError('write', err);
      }
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw new StorageUnavailableError('read', err);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isMissing(err)) return;
        throw new StorageUnavailableError('remove', err);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
