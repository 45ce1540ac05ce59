import { base64UrlDecode, type TicketTokenParts } from '@fourfour/shared/ticket-token';

/**
 * Ticket signatures checked in the browser: WebCrypto's Ed25519 (Chromium 137+, Safari 17+,
 * Firefox 129+). A browser without it gets null: the door lists alone then decide offline (a code
 * on no list is refused), and the scanner says so. One imported key per public key.
 */
const keys = new Map<string, Promise<CryptoKey | null>>();

function importKey(publicKey: string): Promise<CryptoKey | null> {
  let key = keys.get(publicKey);
  if (!key) {
    const raw = base64UrlDecode(publicKey);
    key =
      raw && raw.length === 32 && globalThis.crypto?.subtle
        ? crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']).catch(() => null)
        : Promise.resolve(null);
    keys.set(publicKey, key);
  }
  return key;
}

/** The signature check for checkOffline, or null when this browser cannot verify Ed25519. */
export async function signatureVerifier(
  publicKey: string,
): Promise<((parts: TicketTokenParts) => Promise<boolean>) | null> {
  const key = await importKey(publicKey);
  if (!key) return null;
  const encoder = new TextEncoder();
  return (parts) =>
    crypto.subtle.verify('Ed25519', key, parts.signature, encoder.encode(parts.signed)).catch(() => false);
}
