import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with: brotli, then gzip, when the client accepts it (`q=0` refuses it);
 * null for none. For bodies this server compresses itself, once (EncodedBody): the compress plugin
 * leaves a body alone that already carries a content-encoding.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A body sent many times, compressed once per encoding, on first demand and off the event loop
 * (libuv's thread pool): the fans' events list for its few seconds, each page of the web app for
 * the life of the process. `brotliQuality`: 11 for a page made once (smallest), less for a body
 * remade every few seconds.
 */
export class EncodedBody {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly raw: string | Buffer,
    private readonly brotliQuality: number,
  ) {}

  encode(encoding: Encoding): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: this.brotliQuality } })
          : gzip(this.raw, { level: this.brotliQuality >= 11 ? 9 : 6 });
      // A failure is not kept: the next request compresses again.
      pending.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, pending);
    }
    return pending;
  }
}
