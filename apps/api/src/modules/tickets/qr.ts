import QRCode from 'qrcode';
import { ADMISSION_WINDOW_MS, admissionClosesAt } from '@fourfour/shared/admission-window';
import type { TicketType } from '@fourfour/shared/enums';
import { RecentWork } from '../../lib/recent-work.ts';
import { signTicketTokenV2 } from '../../lib/ticket-token.ts';

/** What a ticket's QR code signs (a version 2 code): the ticket, its event and type, and the entry window. */
export interface TicketQrSubject {
  ticketId: string;
  eventId: number;
  ticketType: TicketType;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The ticket's signed QR value, with the entry window as the event stands now. */
export function ticketQrValue(subject: TicketQrSubject, signingKeyPem: string): string {
  const { startsAt, endsAt } = subject;
  return signTicketTokenV2(
    {
      ticketId: subject.ticketId,
      eventId: subject.eventId,
      ticketType: subject.ticketType,
      opensAt: startsAt ? startsAt.getTime() - ADMISSION_WINDOW_MS : null,
      closesAt: startsAt ? admissionClosesAt(startsAt, endsAt) : null,
    },
    signingKeyPem,
  );
}

/**
 * QR images drawn lately, by their signed value (issue 19: drawing one costs ~20 ms of CPU, and My
 * tickets asks for the same ones again and again on the night). Ed25519 signatures are
 * deterministic, so a ticket's value only changes with what it signs (its event's times) or the
 * signing key, and then misses. At ~3 kB an image, the bound keeps this near 3 MB.
 */
const drawn = new RecentWork<Buffer>(1000);

/** The ticket's QR code as a PNG: the signed token, medium error correction, a quiet zone. */
export function ticketQrPng(subject: TicketQrSubject, signingKeyPem: string): Promise<Buffer> {
  const value = ticketQrValue(subject, signingKeyPem);
  return drawn.get(value, () =>
    QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 }),
  );
}
