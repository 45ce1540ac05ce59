import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildIcs } from '@fourfour/shared/calendar';
import { formatPounds, penceToPounds } from '@fourfour/shared/money';
import { doorCodeOf } from '@fourfour/shared/scan';
import type { DbOrTx } from '../../db/client.ts';
import { events, orders, tickets, users } from '../../db/schema/index.ts';
import { dateFormatter } from '../../lib/time.ts';
import type { MailAttachment } from '../../plugins/mail.ts';
import { ticketQrPng } from './qr.ts';

/** "Sat 4 Jul 2026, 22:00" in the product's zone. */
export function formatEventTime(instant: Date | null, timeZone: string): string {
  if (!instant) return 'Date to be announced';
  return dateFormatter(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

async function loadOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ order: orders, event: events, email: users.email })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The buyer's tickets: one QR image per ticket and the event as an .ics file. */
export async function sendOrderEmail(app: FastifyInstance, orderId: string): Promise<void> {
  const found = await loadOrder(app.db, orderId);
  if (!found?.email) return;
  const { order, event, email } = found;
  const issued = await app.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.orderId, order.id), ne(tickets.status, 'VOID')))
    .orderBy(tickets.ticketType, tickets.createdAt);
  if (issued.length === 0) return;

  const attachments: MailAttachment[] = [];
  const lines: string[] = [];
  for (const [i, t] of issued.entries()) {
    const png = await ticketQrPng(
      { ticketId: t.id, eventId: event.id, ticketType: t.ticketType, startsAt: event.startsAt, endsAt: event.endsAt },
      app.config.ticketSigningKeyPem,
    );
    attachments.push({
      filename: `ticket-${i + 1}-${t.ticketType.toLowerCase()}.png`,
      contentType: 'image/png',
      contentBase64: png.toString('base64'),
      cid: `ticket-${t.id}`,
    });
    const price = t.isFree ? 'free' : formatPounds(penceToPounds(t.pricePaidPence));
    lines.push(
      `Ticket ${i + 1}: ${t.ticketType} for ${t.firstName ?? ''} ${t.lastName ?? ''} (${price}) — QR in ticket-${i + 1}-${t.ticketType.toLowerCase()}.png, door code ${doorCodeOf(t.id)}`,
    );
  }
  if (event.startsAt) {
    const ics = buildIcs([
      {
        uid: `order-${order.id}@fourfour`,
        title: event.title,
        start: event.startsAt,
        end: event.endsAt,
        location: event.location,
        description: `${issued.length} ticket(s). Show each QR code at the door.`,
        url: `${app.config.publicUrl}/account`,
      },
    ]);
    attachments.push({
      filename: 'event.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
    });
  }

  // The mail is queued and the order marked as emailed in one transaction (a resend marks it again).
  await app.db.transaction(async (tx) => {
    await app.mail.send(
      email,
      {
        subject: `Your tickets for ${event.title}`,
        heading: 'Your tickets are ready',
        paragraphs: [
          `${event.title} · ${formatEventTime(event.startsAt, app.config.timezone)}${event.location ? ` · ${event.location}` : ''}`,
          ...lines,
          'Each QR code admits one person once. Keep them private; they are also in your account. If a QR will not scan, door staff can type its door code.',
          order.amountPence > 0 ? `Paid: ${formatPounds(penceToPounds(order.amountPence))}.` : 'No payment was taken.',
        ],
        action: { label: 'View my tickets', url: `${app.config.publicUrl}/account` },
      },
      { attachments, tx },
    );
    await tx.update(orders).set({ emailedAt: sql`now()` }).where(eq(orders.id, order.id));
  });
}

/** After a refund for a payment that arrived too late, or from an account marked UNDERAGE meanwhile. */
export async function sendTimeoutRefundEmail(app: FastifyInstance, tx: DbOrTx, orderId: string): Promise<void> {
  const found = await loadOrder(tx, orderId);
  if (!found?.email) return;
  await app.mail.send(
    found.email,
    {
      subject: `Refund: your order for ${found.event.title}`,
      heading: 'Your payment has been refunded',
      paragraphs: [
        found.order.refundReason === 'UNDERAGE'
          ? `Your payment for ${found.event.title} could not be accepted: ticket purchases are disabled on your account after age verification, so no tickets were issued.`
          : `Your payment for ${found.event.title} arrived after your 30-minute reservation had ended, and the tickets were no longer available.`,
        `We have refunded ${formatPounds(penceToPounds(found.order.amountPence))} in full to your original payment method. It can take 5–10 days to appear.`,
      ],
    },
    { tx },
  );
}

/** After a full refund made at the provider (its dashboard), not by us: the tickets are void. */
export async function sendProviderRefundEmail(
  app: FastifyInstance,
  tx: DbOrTx,
  orderId: string,
  ticketCount: number,
): Promise<void> {
  const found = await loadOrder(tx, orderId);
  if (!found?.email) return;
  const { order, event } = found;
  await app.mail.send(
    found.email,
    {
      subject: `Refunded: your tickets for ${event.title}`,
      heading: 'Your order has been refunded',
      paragraphs: [
        `Your payment of ${formatPounds(penceToPounds(order.amountPence))} for ${event.title} (${formatEventTime(event.startsAt, app.config.timezone)}) has been refunded in full to your original payment method. It can take 5–10 days to appear.`,
        `Your ${ticketCount} ticket(s) for this order are no longer valid. Any free ticket in it has been returned to your yearly allowance.`,
      ],
      action: { label: 'View my tickets', url: `${app.config.publicUrl}/account` },
    },
    { tx },
  );
}
