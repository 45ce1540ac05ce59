import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The parts of @20minutes/s3rver (CommonJS, no types) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  store: { listObjects(bucket: string, options: object): Promise<{ objects: { key: string }[] }> };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export interface TestS3Server {
  bucket: string;
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  /** Every object key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /**
   * An outage: open connections are cut, and new ones are accepted, read from and cut, so an
   * upload starts and dies half-way. `false` lets requests through again.
   */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP with SigV4 checks, objects on
 * disk) on a free 127.0.0.1 port, behind a TCP relay the test can cut to stage an outage.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const bucket = 'fourfour-media';
  const directory = mkdtempSync(path.join(tmpdir(), 'fourfour-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const upstream = await server.run();

  let down = false;
  const open = new Set<Socket>();
  const relay = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (down) {
      client.once('data', () => client.destroy());
      return;
    }
    const target = connect(upstream.port, '127.0.0.1');
    open.add(target);
    target.on('close', () => {
      open.delete(target);
      client.destroy();
    });
    target.on('error', () => client.destroy());
    client.on('close', () => target.destroy());
    client.pipe(target).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;

  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's built-in account; requests are signed and checked with it.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    // Read from the server's own store: s3rver 5.0 checks ListObjectsV2's signature against the
    // path without the trailing slash that SDK v3 sends, so the list call itself is refused.
    async keys() {
      const { objects } = await server.store.listObjects(bucket, {});
      return objects.map((o) => o.key).sort();
    },
    setDown(value) {
      down = value;
      if (down) for (const socket of open) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
