import { z } from 'zod';
import { TICKET_TYPES } from './enums.ts';

/**
 * Messages from the back office to an event's ticket holders (issue 21): one email per account,
 * plain text, sent by the job queue at a steady rate. Limits, the request and answer shapes, and
 * the words shared by the API and the admin's message page.
 */
export const ATTENDEE_MESSAGE_SUBJECT_MAX = 150;
export const ATTENDEE_MESSAGE_BODY_MAX = 5000;
/** The message list answers the newest ones (an admin sends at most a few an hour). */
export const ATTENDEE_MESSAGE_LIST_MAX = 100;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export const ATTENDEE_MESSAGE_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject can be at most ${ATTENDEE_MESSAGE_SUBJECT_MAX} characters.`,
  subjectOneLine: 'The subject must be a single line.',
  bodyRequired: 'Please write the message.',
  bodyTooLong: `The message can be at most ${ATTENDEE_MESSAGE_BODY_MAX.toLocaleString('en-GB')} characters.`,
  ticketTypes: `Ticket types must be some of ${TICKET_TYPES.join(', ')}.`,
  includeRefunded: 'includeRefunded must be true or false.',
  eventNotFound: 'Event not found.',
  noRecipients: 'Nobody holds a ticket this message would go to, so nothing was sent.',
  previewCount: (n: number) => `This will email ${plural(n, 'ticket holder', 'ticket holders')}.`,
  sendConfirm: (n: number) =>
    `Send this message to ${plural(n, 'ticket holder', 'ticket holders')} now? It cannot be recalled.`,
  queued: (n: number) => `Your message is on its way to ${plural(n, 'ticket holder', 'ticket holders')}.`,
  progress: (sent: number, total: number) => `${sent.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} sent`,
  noMessages: 'No messages have been sent for this event yet.',
  previewFailed: 'Failed to preview the message.',
  sendFailed: 'Failed to send the message.',
  listFailed: 'Failed to load the messages sent.',
  /** The footer of every such mail: why it arrives, and why there is no unsubscribe link. */
  footer: (eventTitle: string, eventDate: string) =>
    `You are receiving this because you have a ticket for ${eventTitle} on ${eventDate}. This is a service message about your purchase.`,
} as const;

const subject = z
  .string({ error: ATTENDEE_MESSAGE_MESSAGES.subjectRequired })
  .trim()
  .min(1, ATTENDEE_MESSAGE_MESSAGES.subjectRequired)
  .max(ATTENDEE_MESSAGE_SUBJECT_MAX, ATTENDEE_MESSAGE_MESSAGES.subjectTooLong)
  // A subject is a mail header: a line break would start another header or be folded away.
  .refine((s) => !/[\r\n]/.test(s), ATTENDEE_MESSAGE_MESSAGES.subjectOneLine);

const body = z
  .string({ error: ATTENDEE_MESSAGE_MESSAGES.bodyRequired })
  .trim()
  .min(1, ATTENDEE_MESSAGE_MESSAGES.bodyRequired)
  .max(ATTENDEE_MESSAGE_BODY_MAX, ATTENDEE_MESSAGE_MESSAGES.bodyTooLong);

/** POST /api/admin/events/{id}/message and .../message/preview. No ticket types means both. */
export const MessageAttendeesBody = z.object({
  subject,
  body,
  ticketTypes: z
    .array(z.enum(TICKET_TYPES, { error: ATTENDEE_MESSAGE_MESSAGES.ticketTypes }), {
      error: ATTENDEE_MESSAGE_MESSAGES.ticketTypes,
    })
    .min(1, ATTENDEE_MESSAGE_MESSAGES.ticketTypes)
    .max(TICKET_TYPES.length, ATTENDEE_MESSAGE_MESSAGES.ticketTypes)
    .optional(),
  includeRefunded: z.boolean({ error: ATTENDEE_MESSAGE_MESSAGES.includeRefunded }).optional(),
});
export type MessageAttendeesBody = z.input<typeof MessageAttendeesBody>;

/** What the preview answers: how many accounts would get it, and the mail as they would read it. */
export const MessagePreview = z.object({
  recipientCount: z.number().int().min(0),
  subject: z.string(),
  text: z.string(),
});
export type MessagePreview = z.infer<typeof MessagePreview>;

/** One message sent to an event's ticket holders, and how far its sending has got. */
export const SentEventMessage = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  ticketTypes: z.array(z.enum(TICKET_TYPES)),
  includeRefunded: z.boolean(),
  recipientCount: z.number().int(),
  sentCount: z.number().int(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SentEventMessage = z.infer<typeof SentEventMessage>;

/** GET /api/admin/events/{id}/messages: the event they are about (its page's heading), and the messages. */
export const SentEventMessages = z.object({
  event: z.object({ id: z.number().int(), title: z.string(), startsAt: z.string().nullable() }),
  messages: z.array(SentEventMessage),
});
export type SentEventMessages = z.infer<typeof SentEventMessages>;
