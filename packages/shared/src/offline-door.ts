import { ADMISSION_WINDOW_MS } from './admission-window.ts';
import type { DoorPackEvent, DoorPackTicket } from './door.ts';
import { DOOR_MESSAGES } from './door-rules.ts';
import type { TicketType } from './enums.ts';
import { alreadyUsedMessage, parseDoorCode, SCAN_MESSAGES, type ScanStatus, wrongDayMessage } from './scan-rules.ts';
import { claimsOf, splitTicketToken, type TicketTokenParts } from './ticket-token.ts';

/**
 * The door's verdict with no signal (issue 22), one home for the scanner in the browser and the
 * API's tests: a code's Ed25519 signature checked with WebCrypto against the pack's public key,
 * then the door packs the phone holds — void, already admitted (in the last pack, or on this phone
 * since), wrong night — with the same words as the server. What the server would also check and
 * the phone cannot (a refund after the pack's last refresh, another door's admission since) comes
 * back from the sync as a conflict.
 *
 * - A code on a pack's list is judged by the list and its event (the event's window as it stands
 *   now, not as the code was signed).
 * - A version 2 code not on any list (sold after the last refresh) is admitted when it names an
 *   event the phone has a pack for and entry is open; for another event, refused: the wrong night
 *   from its own signed window, or another event.
 * - A version 1 code not on any list cannot be placed: refused, to check when the signal is back.
 * - A door code (typed for a damaged QR) is found in the lists by its digits.
 */

/** The part of a door pack the check reads. */
export interface OfflinePack {
  event: DoorPackEvent;
  ticket(id: string): DoorPackTicket | undefined;
  /** Lists the tickets whose door code is these 12 digits (parseDoorCode), for a typed code. */
  ticketsByDoorCode(digits: string): DoorPackTicket[];
}

/** The product's wall-clock labels: "Sun 22 Nov 2026" and "22:05". */
export interface DoorLabels {
  day(instantMs: number): string;
  time(instantMs: number): string;
}

export interface OfflineCheck {
  code: string;
  packs: readonly OfflinePack[];
  /**
   * Verifies an Ed25519 signature with the packs' public key; null when this browser cannot (the
   * packs alone then decide, and a code on no list is refused).
   */
  verify: ((parts: TicketTokenParts) => Promise<boolean>) | null;
  /** When this phone admitted the ticket since its packs were refreshed (its offline queue). */
  admittedHere(ticketId: string): number | undefined;
  now: number;
  labels: DoorLabels;
}

export type OfflineVerdict =
  | {
      ok: true;
      ticketId: string;
      ticketType: TicketType;
      name: string | null;
      event: DoorPackEvent;
      /** false: admitted on its signed code alone, not yet on the door list. */
      onList: boolean;
    }
  | {
      ok: false;
      /** The refusal as online; null when the phone cannot tell (not on its lists). */
      status: Exclude<ScanStatus, 'OK'> | null;
      message: string;
      ticketId: string | null;
    };

const refuse = (status: Exclude<ScanStatus, 'OK'> | null, message: string, ticketId: string | null = null) =>
  ({ ok: false, status, message, ticketId }) as const;

function isOpen(event: Pick<DoorPackEvent, 'opensAt' | 'closesAt'>, now: number): boolean {
  return (
    event.opensAt !== null &&
    event.closesAt !== null &&
    now >= Date.parse(event.opensAt) &&
    now < Date.parse(event.closesAt)
  );
}

function wrongDay(event: DoorPackEvent, now: number, labels: DoorLabels, ticketId: string) {
  const start = event.opensAt === null ? null : Date.parse(event.opensAt) + ADMISSION_WINDOW_MS;
  const day = start === null ? 'a date to be announced' : labels.day(start);
  const ended = event.closesAt !== null && now >= Date.parse(event.closesAt);
  return refuse('WRONG_DAY', wrongDayMessage(event.title, day, ended), ticketId);
}

/** A ticket on a list, judged as the server would have judged it when the list was made. */
function judge(ticket: DoorPackTicket, event: DoorPackEvent, check: OfflineCheck, onList: boolean): OfflineVerdict {
  const { labels, now } = check;
  // In the server's order (scan_tickets): void ticket, already used, cancelled event, wrong day.
  if (ticket.status === 'VOID') return refuse('VOID', SCAN_MESSAGES.voidRefunded, ticket.id);
  const here = check.admittedHere(ticket.id);
  if (ticket.status === 'USED' || here !== undefined) {
    const when = ticket.admittedAt ? Date.parse(ticket.admittedAt) : here!;
    const by = ticket.admittedAt ? ticket.admittedBy : null;
    const where = ticket.admittedAt ? '' : ' on this phone';
    return refuse(
      'ALREADY_USED',
      alreadyUsedMessage(`at ${labels.time(when)} on ${labels.day(when)}${where}`, by),
      ticket.id,
    );
  }
  if (event.cancelled) return refuse('VOID', SCAN_MESSAGES.voidEventCancelled, ticket.id);
  if (!isOpen(event, now)) return wrongDay(event, now, labels, ticket.id);
  return { ok: true, ticketId: ticket.id, ticketType: ticket.ticketType, name: ticket.name, event, onList };
}

function onLists(packs: readonly OfflinePack[], ticketId: string) {
  for (const pack of packs) {
    const ticket = pack.ticket(ticketId);
    if (ticket) return { ticket, event: pack.event };
  }
  return null;
}

export async function checkOffline(check: OfflineCheck): Promise<OfflineVerdict> {
  const { code, packs, labels, now } = check;
  if (packs.length === 0) return refuse(null, DOOR_MESSAGES.noPack);
  const parts = splitTicketToken(code);
  if (!parts) {
    const digits = parseDoorCode(code);
    if (!digits) return refuse('INVALID', SCAN_MESSAGES.invalid);
    const found = packs.flatMap((pack) => pack.ticketsByDoorCode(digits).map((ticket) => ({ ticket, pack })));
    if (found.length !== 1) return refuse(null, found.length === 0 ? DOOR_MESSAGES.notInPack : SCAN_MESSAGES.fallback);
    return judge(found[0]!.ticket, found[0]!.pack.event, check, true);
  }

  const verified = check.verify ? await check.verify(parts) : null;
  if (verified === false) return refuse('INVALID', SCAN_MESSAGES.invalid);
  const claims = claimsOf(parts);
  if (!claims) return refuse('INVALID', SCAN_MESSAGES.invalid);

  const listed = onLists(packs, claims.ticketId);
  if (listed) return judge(listed.ticket, listed.event, check, true);
  // Not on any list: only a code whose signature this phone checked can say more.
  if (claims.version === 1 || verified !== true) return refuse(null, DOOR_MESSAGES.notInPack, claims.ticketId);

  const pack = packs.find((p) => p.event.id === claims.eventId);
  if (pack) {
    const fresh: DoorPackTicket = {
      id: claims.ticketId,
      ticketType: claims.ticketType,
      name: null,
      status: 'VALID',
      admittedAt: null,
      admittedBy: null,
    };
    return judge(fresh, pack.event, check, false);
  }
  // Another event's ticket: its own signed window says whether it is another night.
  const window = {
    opensAt: claims.opensAt === null ? null : new Date(claims.opensAt).toISOString(),
    closesAt: claims.closesAt === null ? null : new Date(claims.closesAt).toISOString(),
  };
  if (!isOpen(window, now)) {
    const start = claims.opensAt === null ? null : claims.opensAt + ADMISSION_WINDOW_MS;
    return refuse(
      'WRONG_DAY',
      start === null
        ? DOOR_MESSAGES.otherEvent
        : `Wrong night: this ticket is for another event, on ${labels.day(start)}.`,
      claims.ticketId,
    );
  }
  return refuse(null, DOOR_MESSAGES.otherEvent, claims.ticketId);
}

/** A door pack's tickets held in memory for checkOffline (the scanner keeps them in IndexedDB). */
export function offlinePackOf(event: DoorPackEvent, tickets: Iterable<DoorPackTicket>): OfflinePack {
  const byId = new Map<string, DoorPackTicket>();
  for (const t of tickets) byId.set(t.id, t);
  return {
    event,
    ticket: (id) => byId.get(id.toLowerCase()),
    ticketsByDoorCode: (digits) => {
      const head = `${digits.slice(0, 8)}-${digits.slice(8, 12)}`;
      return [...byId.values()].filter((t) => t.id.startsWith(head));
    },
  };
}
