import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TicketQrSubject, ticketQrPng, ticketQrValue } from './qr.ts';

const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const subject = (startsAt: Date): TicketQrSubject => ({
  ticketId: '00000000-0000-4000-8000-000000000001',
  eventId: 7,
  ticketType: 'STANDARD',
  startsAt,
  endsAt: null,
});

describe('ticket QR images', () => {
  it('are drawn once for the same signed value, and again when what it signs changes', async () => {
    const night = subject(new Date('2026-12-05T22:00:00Z'));
    const first = await ticketQrPng(night, key);
    expect(first.subarray(1, 4).toString()).toBe('PNG');
    expect(await ticketQrPng(night, key)).toBe(first);
    const moved = subject(new Date('2026-12-06T22:00:00Z'));
    expect(ticketQrValue(moved, key)).not.toBe(ticketQrValue(night, key));
    expect(await ticketQrPng(moved, key)).not.toBe(first);
  });
});
