import { ATTENDEE_MESSAGE_MESSAGES } from '@fourfour/shared/attendee-messages';
import { type RenderedMail, renderMail } from '../../lib/mail/templates.ts';
import { dateFormatter } from '../../lib/time.ts';

export interface MessageEvent {
  title: string;
  startsAt: Date | null;
}

/** "Sat 4 Jul 2026" in the product's zone (the footer names the night, not the hour). */
function eventDay(startsAt: Date | null, timeZone: string): string {
  if (!startsAt) return 'a date to be announced';
  return dateFormatter(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(startsAt);
}

/**
 * A message from the back office to an event's ticket holders, as each of them receives it (and as
 * the preview shows it): the admin's plain text, one paragraph per blank-line-separated block, under
 * the event's name; the HTML part escapes all of it (the mail template does), so nothing the admin
 * types becomes markup or a link. The footer says why it arrives. There is no unsubscribe link: it
 * is a service message about a purchase, not marketing.
 */
export function renderEventMessage(
  event: MessageEvent,
  message: { subject: string; body: string },
  config: { timezone: string; supportEmail: string },
): RenderedMail {
  const paragraphs = message.body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return renderMail(
    {
      subject: message.subject,
      heading: event.title,
      paragraphs: [
        ...paragraphs,
        ATTENDEE_MESSAGE_MESSAGES.footer(event.title, eventDay(event.startsAt, config.timezone)),
      ],
    },
    config.supportEmail,
  );
}
