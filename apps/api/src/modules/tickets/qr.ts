import QRCode from 'qrcode';
import { signTicketToken } from '../../lib/ticket-token.ts';

/** The ticket's QR code as a PNG: the signed token, medium error correction, a quiet zone. */
export async function ticketQrPng(ticketId: string, signingKeyPem: string): Promise<Buffer> {
  return QRCode.toBuffer(signTicketToken(ticketId, signingKeyPem), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 360,
  });
}
