import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { insertIssuedOrder } from '../tickets/issued-order.ts';

/** A multipart body with the `data` JSON part and an optional `image` file, for app.inject. */
export function eventForm(
  data: unknown,
  image?: { data: Buffer; filename?: string; contentType?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----events${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  ];
  if (image) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${image.filename ?? 'art.png'}"\r\nContent-Type: ${image.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      image.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .png()
    .toBuffer();
}

/** A real PNG of at least `bytes` bytes (noise, stored uncompressed). */
export async function largePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Ticket rows inserted directly (with their reservation and order), as the tickets module would. */
export async function insertTickets(
  app: FastifyInstance,
  input: {
    eventId: number;
    userId: number;
    items: { type: 'STANDARD' | 'VIP'; pricePence: number; status?: 'VALID' | 'USED' | 'VOID' }[];
  },
): Promise<void> {
  await insertIssuedOrder(app.db, {
    userId: input.userId,
    eventId: input.eventId,
    sessionPrefix: 'test',
    tickets: input.items.map((t) => ({
      ticketType: t.type,
      firstName: 'Test',
      lastName: 'Attendee',
      dateOfBirth: '1990-01-01',
      pricePence: t.pricePence,
      status: t.status,
    })),
  });
}

/** A valid event body for create/edit, starting `daysAhead` days from now (local date). */
export function futureDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 24 * 3600_000).toISOString().slice(0, 10);
}

export function completeEvent(overrides: Record<string, unknown> = {}) {
  const date = futureDate(30);
  return {
    title: 'Deep House Night',
    description: 'All night long.',
    location: 'Warehouse 44, London',
    date,
    startTime: `${date}T22:00:00`,
    endTime: `${date}T23:30:00`,
    totalStandardTickets: 100,
    totalVipTickets: 20,
    standardTicketPrice: 18.5,
    vipTicketPrice: 45,
    status: 'PUBLISHED',
    ...overrides,
  };
}

/** The event form plus the user's bearer header, ready to spread into app.inject. */
export function signedForm(
  user: { headers: { authorization: string } },
  data: unknown,
  image?: { data: Buffer; filename?: string; contentType?: string },
) {
  const form = eventForm(data, image);
  return { payload: form.payload, headers: { ...form.headers, ...user.headers } };
}
