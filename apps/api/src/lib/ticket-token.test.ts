import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  readTicketToken,
  signTicketToken,
  signTicketTokenV2,
  ticketPublicKeyRaw,
  verifyTicketToken,
} from './ticket-token.ts';

const pemOf = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('ticket tokens', () => {
  const privatePem = pemOf();
  const publicKey = createPublicKey(privatePem);
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('verify to their ticket id with the private PEM, the public PEM or the public key object', () => {
    const id = randomUUID();
    const token = signTicketToken(id, privatePem);
    expect(token).toMatch(/^FT1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{86}$/);
    for (const key of [privatePem, publicPem, publicKey]) expect(verifyTicketToken(token, key)).toBe(id);
  });

  it('fail when any character is altered, when signed by another key, or when malformed', () => {
    const id = randomUUID();
    const token = signTicketToken(id, privatePem);
    for (let i = 4; i < token.length; i++) {
      if (token[i] === '.') continue;
      const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(verifyTicketToken(altered, publicKey), `position ${i}`).toBeNull();
    }
    expect(verifyTicketToken(signTicketToken(id, pemOf()), publicKey)).toBeNull();
    for (const bad of ['', 'FT1..', `FT2${token.slice(3)}`, `${token}.x`, token.slice(0, -1), 'x'.repeat(500)])
      expect(verifyTicketToken(bad, publicKey)).toBeNull();
  });
});

describe('version 2 ticket tokens (issue 22)', () => {
  const privatePem = pemOf();
  const publicKey = createPublicKey(privatePem);
  const claims = {
    ticketId: randomUUID(),
    eventId: 4242,
    ticketType: 'VIP' as const,
    opensAt: Date.UTC(2026, 10, 28, 10, 0),
    closesAt: Date.UTC(2026, 10, 29, 4, 30),
  };

  it('sign the event, the ticket type and the entry window with the ticket id, and read back what they sign', () => {
    const token = signTicketTokenV2(claims, privatePem);
    expect(token).toMatch(/^FT2\.[A-Za-z0-9_-]{39}\.[A-Za-z0-9_-]{86}$/);
    expect(readTicketToken(token, publicKey)).toEqual({ version: 2, ...claims });
    // The scan route reads the ticket id from either version.
    expect(verifyTicketToken(token, publicKey)).toBe(claims.ticketId);
    expect(verifyTicketToken(` ${token} `, publicKey)).toBe(claims.ticketId);
  });

  it('carry no window for an undated event, and round the window outwards to the minute', () => {
    const undated = signTicketTokenV2({ ...claims, opensAt: null, closesAt: null }, privatePem);
    expect(readTicketToken(undated, publicKey)).toMatchObject({ opensAt: null, closesAt: null });
    const odd = signTicketTokenV2(
      { ...claims, opensAt: claims.opensAt + 59_000, closesAt: claims.closesAt + 1 },
      privatePem,
    );
    expect(readTicketToken(odd, publicKey)).toMatchObject({
      opensAt: claims.opensAt,
      closesAt: claims.closesAt + 60_000,
    });
  });

  it('fail when any character is altered, when signed by another key, or when a version 1 signature is grafted on', () => {
    const token = signTicketTokenV2(claims, privatePem);
    for (let i = 4; i < token.length; i++) {
      if (token[i] === '.') continue;
      const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(readTicketToken(altered, publicKey), `position ${i}`).toBeNull();
      expect(verifyTicketToken(altered, publicKey), `position ${i}`).toBeNull();
    }
    expect(readTicketToken(signTicketTokenV2(claims, pemOf()), publicKey)).toBeNull();
    const v1 = signTicketToken(claims.ticketId, privatePem);
    expect(readTicketToken(`FT2.${token.split('.')[1]}.${v1.split('.')[2]}`, publicKey)).toBeNull();
    expect(readTicketToken(`FT1${v1.slice(3)}`, publicKey)).toEqual({ version: 1, ticketId: claims.ticketId });
  });

  it('give the door phones the raw public key that verifies them', () => {
    const raw = Buffer.from(ticketPublicKeyRaw(privatePem), 'base64url');
    expect(raw).toHaveLength(32);
    expect(ticketPublicKeyRaw(publicKey)).toBe(ticketPublicKeyRaw(privatePem));
  });
});
