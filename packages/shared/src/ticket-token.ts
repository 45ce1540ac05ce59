import { TICKET_TYPES, type TicketType } from './enums.ts';

/**
 * The format of the value inside a ticket's QR code, one home for the API (which signs and
 * verifies it with node's crypto) and the offline door scanner (which verifies it with WebCrypto).
 * Zod-free and Buffer-free, so it runs in the browser.
 *
 * - Version 1, `FT1.<ticket id: 16 bytes>.<Ed25519 signature>` (about 112 characters): the
 *   signature covers the ticket id only. Codes already sent keep this form and keep working.
 * - Version 2, `FT2.<claims: 29 bytes>.<Ed25519 signature>` (130 characters): the signature also
 *   covers the event id, the ticket type and the entry window as it stood when the code was made,
 *   so a phone with no signal can refuse a ticket for another night without any list.
 *
 * Parts are base64url without padding, in their one canonical spelling; the signed text is
 * `<prefix>.<payload part>` (ASCII).
 */
export const TICKET_TOKEN_MAX_LENGTH = 200;
const SIGNATURE_CHARS = 86;
const V1 = { prefix: 'FT1', payloadChars: 22, payloadBytes: 16 } as const;
const V2 = { prefix: 'FT2', payloadChars: 39, payloadBytes: 29 } as const;

/** What a version 2 code says about its ticket. Instants are epoch milliseconds, to the minute. */
export interface TicketClaims {
  ticketId: string;
  eventId: number;
  ticketType: TicketType;
  /** The entry window when the code was made; both null for an event without a date (never open). */
  opensAt: number | null;
  closesAt: number | null;
}

export type ReadTicketToken = { version: 1; ticketId: string } | ({ version: 2 } & TicketClaims);

/** A well-formed code cut into its parts; the signature is not checked here. */
export interface TicketTokenParts {
  version: 1 | 2;
  /** The text the signature covers: `<prefix>.<payload part>`. */
  signed: string;
  payload: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64URL_INDEX = new Map([...B64URL].map((c, i) => [c, i]));
const MINUTE = 60_000;
/** The largest event id a version 2 code can carry (4 bytes); a larger one is signed as version 1. */
export const TICKET_TOKEN_V2_MAX_EVENT_ID = 0xffff_ffff;

export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += B64URL[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes of an unpadded base64url text, or null unless it is that text's canonical spelling. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const c of text) {
    const v = B64URL_INDEX.get(c);
    if (v === undefined) return null;
    value = ((value << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero: several spellings of the same bytes would otherwise verify.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

export function uuidToBytes(id: string): Uint8Array {
  if (!UUID_RE.test(id)) throw new Error('ticket ids are UUIDs');
  const hex = id.replace(/-/g, '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesToUuid(bytes: Uint8Array): string {
  let h = '';
  for (let i = 0; i < 16; i++) h += bytes[i]!.toString(16).padStart(2, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The version 2 payload: ticket id (16), type (1), event id (4), window open and close in minutes (4 + 4). */
export function encodeTicketClaims(claims: TicketClaims): Uint8Array {
  if (!Number.isSafeInteger(claims.eventId) || claims.eventId < 1 || claims.eventId > TICKET_TOKEN_V2_MAX_EVENT_ID) {
    throw new Error('event id out of range for a version 2 code');
  }
  const out = new Uint8Array(V2.payloadBytes);
  out.set(uuidToBytes(claims.ticketId), 0);
  const view = new DataView(out.buffer);
  view.setUint8(16, TICKET_TYPES.indexOf(claims.ticketType));
  view.setUint32(17, claims.eventId);
  const dated = claims.opensAt !== null && claims.closesAt !== null;
  // Opening rounds down and closing up, so a code never refuses a minute the door admits.
  view.setUint32(21, dated ? Math.floor(claims.opensAt! / MINUTE) : 0);
  view.setUint32(25, dated ? Math.ceil(claims.closesAt! / MINUTE) : 0);
  return out;
}

export function decodeTicketClaims(payload: Uint8Array): TicketClaims | null {
  if (payload.length !== V2.payloadBytes) return null;
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const ticketType = TICKET_TYPES[view.getUint8(16)];
  const eventId = view.getUint32(17);
  const opens = view.getUint32(21);
  const closes = view.getUint32(25);
  if (!ticketType || eventId === 0) return null;
  const dated = !(opens === 0 && closes === 0);
  return {
    ticketId: bytesToUuid(payload.subarray(0, 16)),
    eventId,
    ticketType,
    opensAt: dated ? opens * MINUTE : null,
    closesAt: dated ? closes * MINUTE : null,
  };
}

/** The text a code's signature covers, for a version and its payload bytes. */
export function signedTextOf(version: 1 | 2, payload: Uint8Array): string {
  return `${version === 1 ? V1.prefix : V2.prefix}.${base64UrlEncode(payload)}`;
}

/** A well-formed code of either version, cut into its parts; null for anything else. */
export function splitTicketToken(token: unknown): TicketTokenParts | null {
  if (typeof token !== 'string' || token.length > TICKET_TOKEN_MAX_LENGTH) return null;
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const [prefix, payloadPart, signaturePart] = parts as [string, string, string];
  const format = prefix === V1.prefix ? V1 : prefix === V2.prefix ? V2 : null;
  if (!format || payloadPart.length !== format.payloadChars || signaturePart.length !== SIGNATURE_CHARS) return null;
  const payload = base64UrlDecode(payloadPart);
  const signature = base64UrlDecode(signaturePart);
  if (!payload || !signature || payload.length !== format.payloadBytes || signature.length !== 64) return null;
  return { version: format === V1 ? 1 : 2, signed: `${prefix}.${payloadPart}`, payload, signature };
}

/** What a well-formed code says (its signature still to be checked by the caller). */
export function claimsOf(parts: TicketTokenParts): ReadTicketToken | null {
  if (parts.version === 1) return { version: 1, ticketId: bytesToUuid(parts.payload) };
  const claims = decodeTicketClaims(parts.payload);
  return claims ? { version: 2, ...claims } : null;
}
