import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTicketToken, verifyTicketToken } from './ticket-token.ts';

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
