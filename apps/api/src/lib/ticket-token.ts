import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import sodium from 'sodium-native';
import {
  claimsOf,
  encodeTicketClaims,
  type ReadTicketToken,
  signedTextOf,
  splitTicketToken,
  TICKET_TOKEN_V2_MAX_EVENT_ID,
  type TicketClaims,
} from '@fourfour/shared/ticket-token';

/**
 * The value inside a ticket's QR code: `FT1.<ticket id, 16 bytes base64url>.<Ed25519 signature,
 * base64url>` (about 112 characters), or since issue 22 `FT2.<ticket id, type, event id, entry
 * window>.<signature>` (the format: packages/shared/src/ticket-token.ts). A forged or altered code
 * fails verification before any database read, and the door phone checks codes offline with the
 * public key (a version 2 code also tells it the night it is for).
 */
const PREFIX = 'FT1';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

function privateKeyOf(pem: string): KeyObject {
  let key = privateKeys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    privateKeys.set(pem, key);
  }
  return key;
}

/** The public key from a PEM (private or public); a KeyObject passes through. */
function publicKeyOf(key: string | KeyObject): KeyObject {
  if (typeof key !== 'string') return key.type === 'private' ? createPublicKey(key) : key;
  let found = publicKeys.get(key);
  if (!found) {
    found = key.includes('PRIVATE KEY') ? createPublicKey(privateKeyOf(key)) : createPublicKey(key);
    publicKeys.set(key, found);
  }
  return found;
}

/**
 * The 32 raw bytes of an Ed25519 public key, for libsodium. Verification is the costliest step of
 * a door scan: libsodium checks a signature in about half the time OpenSSL (node:crypto) takes.
 */
const rawPublicKeys = new WeakMap<KeyObject, Buffer>();
function rawPublicKeyOf(key: KeyObject): Buffer {
  let raw = rawPublicKeys.get(key);
  if (!raw) {
    const jwk = key.export({ format: 'jwk' });
    if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('ticket signing keys are Ed25519');
    raw = Buffer.from(jwk.x, 'base64url');
    rawPublicKeys.set(key, raw);
  }
  return raw;
}

function uuidToBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Signs a ticket id with TICKET_SIGNING_KEY (Ed25519 private key, PEM). */
export function signTicketToken(ticketId: string, privateKeyPem: string): string {
  if (!UUID_RE.test(ticketId)) throw new Error('ticket ids are UUIDs');
  const body = `${PREFIX}.${uuidToBytes(ticketId).toString('base64url')}`;
  const signature = sign(null, Buffer.from(body), privateKeyOf(privateKeyPem));
  return `${body}.${signature.toString('base64url')}`;
}

/** The raw 32-byte Ed25519 public key the door phones verify codes with (base64url). */
export function ticketPublicKeyRaw(key: string | KeyObject): string {
  return rawPublicKeyOf(publicKeyOf(key)).toString('base64url');
}

/**
 * A version 2 code: the ticket id with its event, type and entry window, signed. An event id too
 * large for the format (never seen: 4 bytes) gets a version 1 code instead.
 */
export function signTicketTokenV2(claims: TicketClaims, privateKeyPem: string): string {
  if (claims.eventId > TICKET_TOKEN_V2_MAX_EVENT_ID) return signTicketToken(claims.ticketId, privateKeyPem);
  const body = signedTextOf(2, encodeTicketClaims(claims));
  const signature = sign(null, Buffer.from(body), privateKeyOf(privateKeyPem));
  return `${body}.${signature.toString('base64url')}`;
}

/** What a genuine code of either version says; null when it is malformed or not signed by `key`. */
export function readTicketToken(token: string, key: string | KeyObject): ReadTicketToken | null {
  const parts = splitTicketToken(token);
  if (!parts) return null;
  const ok = sodium.crypto_sign_verify_detached(
    Buffer.from(parts.signature.buffer, parts.signature.byteOffset, parts.signature.byteLength),
    Buffer.from(parts.signed),
    rawPublicKeyOf(publicKeyOf(key)),
  );
  return ok ? claimsOf(parts) : null;
}

/**
 * The ticket id inside a QR value (either version), or null when the value is malformed or its
 * signature does not verify. `key`: the signing key's PEM (private or public) or a KeyObject.
 */
export function verifyTicketToken(token: string, key: string | KeyObject): string | null {
  if (typeof token === 'string' && token.trimStart().startsWith('FT2.'))
    return readTicketToken(token, key)?.ticketId ?? null;
  if (typeof token !== 'string' || token.length > 200) return null;
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, idPart, sigPart] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{22}$/.test(idPart) || !/^[A-Za-z0-9_-]{86}$/.test(sigPart)) return null;
  const idBytes = Buffer.from(idPart, 'base64url');
  const signature = Buffer.from(sigPart, 'base64url');
  if (idBytes.length !== 16 || signature.length !== 64) return null;
  // Base64url has several spellings of the same bytes; accept only the canonical one.
  if (idBytes.toString('base64url') !== idPart || signature.toString('base64url') !== sigPart) return null;
  const ok = sodium.crypto_sign_verify_detached(
    signature,
    Buffer.from(`${PREFIX}.${idPart}`),
    rawPublicKeyOf(publicKeyOf(key)),
  );
  return ok ? bytesToUuid(idBytes) : null;
}
