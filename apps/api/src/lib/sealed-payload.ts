import { decrypt, deriveKey, encrypt } from './crypto.ts';

/**
 * Job payloads at rest. pg-boss keeps a job's data in its table while it waits, runs and for days
 * after it completed or failed; a mail job's data is the whole message (verification codes, reset
 * links, ticket QR images). So the queue stores every payload as `{ "$sealed": "<AES-256-GCM>" }`,
 * with a key derived from APP_SECRET per queue (a payload sealed for one queue does not open in
 * another), and opens it just before the handler runs (docs/decisions.md, issue 16 item 12).
 */
const SEALED = '$sealed';

export interface SealedPayload {
  [SEALED]: string;
}

export interface PayloadSeal {
  seal(queue: string, data: object): SealedPayload;
  /** The payload as queued; a plain payload (queued before sealing existed) is returned as is. */
  open<T>(queue: string, data: unknown): T;
}

export function isSealedPayload(data: unknown): data is SealedPayload {
  return (
    !!data &&
    typeof data === 'object' &&
    typeof (data as Record<string, unknown>)[SEALED] === 'string' &&
    Object.keys(data).length === 1
  );
}

export function createPayloadSeal(appSecret: string): PayloadSeal {
  const keys = new Map<string, Buffer>();
  const keyFor = (queue: string) => {
    let key = keys.get(queue);
    if (!key) {
      key = deriveKey(appSecret, `job-payload:${queue}`);
      keys.set(queue, key);
    }
    return key;
  };
  return {
    seal: (queue, data) => ({ [SEALED]: encrypt(keyFor(queue), JSON.stringify(data)) }),
    open<T>(queue: string, data: unknown): T {
      if (!isSealedPayload(data)) return data as T;
      try {
        return JSON.parse(decrypt(keyFor(queue), data[SEALED])) as T;
      } catch {
        // Tampered data, or APP_SECRET changed while the job waited: no retry will open it.
        throw new Error(`the payload of a ${queue} job could not be opened (was APP_SECRET changed?)`);
      }
    },
  };
}
