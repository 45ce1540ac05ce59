import QRCode from 'qrcode';
import { ADMISSION_WINDOW_MS, admissionClosesAt } from '@fourfour/shared/admission-window';
import type { TicketType } from '@fourfour/shared/enums';
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

/** The ticket's QR code as a PNG: the signed token, medium error correction, a quiet zone. */
export async function ticketQrPng(subject: TicketQrSubject, signingKeyPem: string): Promise<Buffer> {
  return QRCode.toBuffer(ticketQrValue(subject, signingKeyPem), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 360,
  });
}
