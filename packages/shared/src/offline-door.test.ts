import { randomUUID, sign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DoorPackEvent, DoorPackTicket } from './door.ts';
import { DOOR_MESSAGES } from './door.ts';
import { checkOffline, type OfflineCheck, offlinePackOf } from './offline-door.ts';
import { SCAN_MESSAGES } from './scan.ts';
import { encodeTicketClaims, signedTextOf, type TicketClaims } from './ticket-token.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 28, 23, 0);
const { privateKey, publicKey } = generateKeyPairSync('ed25519');

/** A version 2 code signed here, as the API signs it. */
function codeOf(claims: TicketClaims): string {
  const body = signedTextOf(2, encodeTicketClaims(claims));
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

const event = (over: Partial<DoorPackEvent> = {}): DoorPackEvent => ({
  id: 7,
  title: 'Warehouse Night',
  eventDate: '2026-11-28',
  startTime: '2026-11-28T22:00:00',
  endTime: '2026-11-29T04:00:00',
  opensAt: new Date(NOW - 13 * HOUR).toISOString(),
  closesAt: new Date(NOW + 5 * HOUR).toISOString(),
  cancelled: false,
  ...over,
});
const ticket = (over: Partial<DoorPackTicket> = {}): DoorPackTicket => ({
  id: randomUUID(),
  ticketType: 'STANDARD',
  name: 'Zara M.',
  status: 'VALID',
  admittedAt: null,
  admittedBy: null,
  ...over,
});
const claimsFor = (t: DoorPackTicket, e: DoorPackEvent): TicketClaims => ({
  ticketId: t.id,
  eventId: e.id,
  ticketType: t.ticketType,
  opensAt: Date.parse(e.opensAt!),
  closesAt: Date.parse(e.closesAt!),
});

const verify: OfflineCheck['verify'] = async (parts) => {
  const key = await crypto.subtle.importKey('jwk', publicKey.export({ format: 'jwk' }), { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify('Ed25519', key, parts.signature, new TextEncoder().encode(parts.signed));
};
const labels = { day: () => 'Sat 28 Nov 2026', time: () => '22:05' };
const check = (code: string, events: [DoorPackEvent, DoorPackTicket[]][], over: Partial<OfflineCheck> = {}) =>
  checkOffline({
    code,
    packs: events.map(([e, ts]) => offlinePackOf(e, ts)),
    verify,
    admittedHere: () => undefined,
    now: NOW,
    labels,
    ...over,
  });

describe('the offline door verdict', () => {
  it('asks for a door list when the phone has none', async () => {
    const e = event();
    const t = ticket();
    expect(await check(codeOf(claimsFor(t, e)), [])).toEqual({
      ok: false,
      status: null,
      message: DOOR_MESSAGES.noPack,
      ticketId: null,
    });
  });

  it('refuses in the server’s order: void ticket, already used (with who), cancelled event, wrong day', async () => {
    const e = event();
    const voided = ticket({ status: 'VOID' });
    const used = ticket({ status: 'USED', admittedAt: new Date(NOW - HOUR).toISOString(), admittedBy: 'door_amy' });
    const fine = ticket();
    const packs: [DoorPackEvent, DoorPackTicket[]][] = [[e, [voided, used, fine]]];
    expect(await check(codeOf(claimsFor(voided, e)), packs)).toMatchObject({
      status: 'VOID',
      message: SCAN_MESSAGES.voidRefunded,
    });
    expect(await check(codeOf(claimsFor(used, e)), packs)).toMatchObject({
      status: 'ALREADY_USED',
      message: 'Already used: admitted at 22:05 on Sat 28 Nov 2026 by door_amy.',
    });
    const cancelled: [DoorPackEvent, DoorPackTicket[]][] = [[event({ cancelled: true }), [used, fine]]];
    expect(await check(codeOf(claimsFor(used, e)), cancelled)).toMatchObject({ status: 'ALREADY_USED' });
    expect(await check(codeOf(claimsFor(fine, e)), cancelled)).toMatchObject({
      status: 'VOID',
      message: SCAN_MESSAGES.voidEventCancelled,
    });
    const over: [DoorPackEvent, DoorPackTicket[]][] = [[event({ closesAt: new Date(NOW - 1).toISOString() }), [fine]]];
    expect(await check(codeOf(claimsFor(fine, e)), over)).toMatchObject({
      status: 'WRONG_DAY',
      message: 'Wrong day: this ticket was for Warehouse Night on Sat 28 Nov 2026, which has ended.',
    });
  });

  it('without a signature check in the browser, trusts the door list only', async () => {
    const e = event();
    const listed = ticket();
    const late = ticket();
    const packs: [DoorPackEvent, DoorPackTicket[]][] = [[e, [listed]]];
    expect(await check(codeOf(claimsFor(listed, e)), packs, { verify: null })).toMatchObject({ ok: true });
    expect(await check(codeOf(claimsFor(late, e)), packs, { verify: null })).toMatchObject({
      ok: false,
      status: null,
      message: DOOR_MESSAGES.notInPack,
    });
    // With the check, the same late ticket is admitted on its signed code.
    expect(await check(codeOf(claimsFor(late, e)), packs)).toMatchObject({ ok: true, onList: false, name: null });
  });

  it('refuses a code signed for another event whose entry is open as another event, not a wrong night', async () => {
    const e = event();
    const other = event({ id: 8 });
    const t = ticket();
    expect(await check(codeOf(claimsFor(t, other)), [[e, []]])).toMatchObject({
      ok: false,
      status: null,
      message: DOOR_MESSAGES.otherEvent,
    });
  });

  it('finds a typed door code on the lists, and refuses one that is on none', async () => {
    const e = event();
    const t = ticket();
    const typed = t.id.replace(/-/g, '').slice(0, 12).toUpperCase();
    expect(await check(typed, [[e, [t]]])).toMatchObject({ ok: true, ticketId: t.id });
    expect(await check('0000-0000-0000', [[e, [t]]])).toMatchObject({ ok: false, message: DOOR_MESSAGES.notInPack });
    expect(await check('not a ticket', [[e, [t]]])).toMatchObject({ ok: false, status: 'INVALID' });
  });
});
