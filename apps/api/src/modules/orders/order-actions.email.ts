import type { FastifyInstance } from 'fastify';
import { formatPounds, penceToPounds } from '@fourfour/shared/money';
import type { DbOrTx } from '../../db/client.ts';
import { formatEventTime } from '../tickets/index.ts';

/** The back office's mails to a buyer about their order (issue 21); always queued in the change's transaction. */

interface EventFacts {
  title: string;
  startsAt: Date | null;
}

const when = (app: FastifyInstance, event: EventFacts) => formatEventTime(event.startsAt, app.config.timezone);

/** An attendee's name on one of the buyer's tickets was changed (by the organiser or by the buyer). */
export async function sendAttendeeChangedEmail(
  app: FastifyInstance,
  tx: DbOrTx,
  mail: {
    email: string;
    event: EventFacts;
    ticketType: string;
    before: { firstName: string | null; lastName: string | null };
    after: { firstName: string; lastName: string };
    by: 'ADMIN' | 'FAN';
  },
): Promise<void> {
  const before = [mail.before.firstName, mail.before.lastName].filter(Boolean).join(' ') || 'no name';
  await app.mail.send(
    mail.email,
    {
      subject: `Attendee changed: your ticket for ${mail.event.title}`,
      heading: 'An attendee on your ticket has changed',
      paragraphs: [
        `Your ${mail.ticketType} ticket for ${mail.event.title} (${when(app, mail.event)}) is now for ${mail.after.firstName} ${mail.after.lastName} (it was for ${before}).`,
        mail.by === 'ADMIN'
          ? 'The organiser made this change. The ticket and its QR code stay the same: the attendee brings the same code and photo ID in the new name.'
          : 'You made this change from My tickets. The ticket and its QR code stay the same: the attendee brings the same code and photo ID in the new name.',
        'If you did not ask for this, please contact us by replying to this email.',
      ],
      action: { label: 'View my tickets', url: `${app.config.publicUrl}/account` },
    },
    { tx },
  );
}

/** Some or all of the buyer's tickets were refunded from the back office. */
export async function sendPartialRefundEmail(
  app: FastifyInstance,
  tx: DbOrTx,
  mail: {
    email: string;
    event: EventFacts;
    amountPence: number;
    tickets: { ticketType: string; firstName: string | null; lastName: string | null }[];
    wholeOrder: boolean;
  },
): Promise<void> {
  const lines = mail.tickets.map(
    (t) => `${t.ticketType} ticket for ${[t.firstName, t.lastName].filter(Boolean).join(' ') || 'no name'}`,
  );
  await app.mail.send(
    mail.email,
    {
      subject: `Refunded: ${mail.tickets.length} ticket(s) for ${mail.event.title}`,
      heading: mail.wholeOrder ? 'Your order has been refunded' : 'Part of your order has been refunded',
      paragraphs: [
        `The organiser of ${mail.event.title} (${when(app, mail.event)}) has refunded ${mail.tickets.length} ticket(s) of your order. These tickets are no longer valid:`,
        ...lines,
        mail.amountPence > 0
          ? `We have refunded ${formatPounds(penceToPounds(mail.amountPence))} to your original payment method. It can take 5–10 days to appear.`
          : 'These were free tickets: no payment was taken, and any free ticket has been returned to your yearly allowance.',
        mail.wholeOrder
          ? 'No ticket of this order is valid any more.'
          : 'Your other tickets of this order are still valid, with the same QR codes.',
      ],
      action: { label: 'View my tickets', url: `${app.config.publicUrl}/account` },
    },
    { tx },
  );
}
