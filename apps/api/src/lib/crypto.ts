import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/** SHA-256 hex: how refresh, reset and other bearer tokens are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** An opaque random token of `bytes` bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A code from an alphabet without look-alike characters (no 0/O, 1/I/L), CSPRNG. */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function randomCode(length: number, alphabet = UNAMBIGUOUS_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A purpose-bound key derived from APP_SECRET, so one secret never serves two uses. */
export function deriveKey(appSecret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'fourfour', purpose, length));
}

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, payload: string): string {
  const [iv, tag, data] = payload.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
