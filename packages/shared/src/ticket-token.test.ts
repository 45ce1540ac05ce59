import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64UrlDecode,
  base64UrlEncode,
  bytesToUuid,
  claimsOf,
  decodeTicketClaims,
  encodeTicketClaims,
  splitTicketToken,
  uuidToBytes,
} from './ticket-token.ts';

describe('the ticket code format, as the browser reads it', () => {
  it('spells base64url exactly as node does, and reads back only the canonical spelling', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(base64UrlEncode(bytes)).toBe(text);
        expect(base64UrlDecode(text)).toEqual(bytes);
      }),
    );
    // "AB" and "AA" are 0x00 with different spare bits: only the spelling with zero spare bits reads.
    expect(base64UrlDecode('AA')).toEqual(new Uint8Array([0]));
    expect(base64UrlDecode('AB')).toBeNull();
    expect(base64UrlDecode('A')).toBeNull();
    expect(base64UrlDecode('A+')).toBeNull();
  });

  it('round-trips ticket ids and version 2 claims', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 1, max: 0xffff_ffff }),
        fc.constantFrom('STANDARD' as const, 'VIP' as const),
        fc.option(fc.integer({ min: 1, max: 2 ** 31 }).map((m) => m * 60_000)),
        (ticketId, eventId, ticketType, opensAt) => {
          expect(bytesToUuid(uuidToBytes(ticketId))).toBe(ticketId.toLowerCase());
          const claims = {
            ticketId: ticketId.toLowerCase(),
            eventId,
            ticketType,
            opensAt,
            closesAt: opensAt === null ? null : opensAt + 18 * 3_600_000,
          };
          expect(decodeTicketClaims(encodeTicketClaims(claims))).toEqual(claims);
        },
      ),
    );
  });

  it('cuts only well-formed codes into parts', () => {
    const v1 = `FT1.${'A'.repeat(22)}.${'A'.repeat(86)}`;
    expect(splitTicketToken(v1)?.version).toBe(1);
    // Well-formed, but no ticket has event id 0: nothing to read.
    const zeroEvent = splitTicketToken(`FT2.${'A'.repeat(39)}.${'A'.repeat(86)}`);
    expect(zeroEvent?.version).toBe(2);
    expect(claimsOf(zeroEvent!)).toBeNull();
    for (const bad of ['', 'FT1..', `FT3${v1.slice(3)}`, `${v1}.x`, v1.slice(0, -1), 'x'.repeat(500), 42, null])
      expect(splitTicketToken(bad)).toBeNull();
  });
});
