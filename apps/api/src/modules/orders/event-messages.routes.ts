import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATTENDEE_MESSAGE_LIST_MAX,
  MessageAttendeesBody,
  MessagePreview,
  SentEventMessage,
  SentEventMessages,
} from '@fourfour/shared/attendee-messages';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { AttendeeEventParams } from '@fourfour/shared/orders';
import type { AuthUser } from '../../plugins/auth.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { listEventMessages, previewEventMessage, sendEventMessage } from './event-messages.service.ts';

const tags = ['back office'];
const access = { roles: ADMIN_ROLES };
/**
 * Sending mails every ticket holder of an event: 10 an hour per admin (and per address) is more
 * than a promoter needs on the worst night and stops a stolen session from spamming a crowd.
 * Previews send nothing and are cheap.
 */
const limits = {
  send: { max: 10, timeWindow: '1 hour' },
  preview: { max: 60, timeWindow: '1 minute' },
  list: { max: 120, timeWindow: '1 minute' },
} as const;

/** Messages to an event's ticket holders (issue 21): preview, send, and what was sent. ADMIN and MASTER. */
const eventMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/events/:id/message/preview',
    {
      config: { access, rateLimit: limits.preview },
      schema: {
        tags,
        summary: "Preview a message to an event's ticket holders (sends nothing)",
        description:
          'How many accounts the message would reach (one per account, however many tickets it holds: VALID or USED tickets of the chosen types, VOID ones too with includeRefunded; verified addresses only) and the mail as they would read it: subject and plain text with the footer saying why they receive it.',
        params: AttendeeEventParams,
        body: MessageAttendeesBody,
        response: { 200: MessagePreview },
      },
    },
    async (request) => previewEventMessage(app, request.params.id, request.body),
  );

  app.post(
    '/admin/events/:id/message',
    {
      config: { access, rateLimit: limits.send },
      preHandler: app.limitPer('event-message-account', limits.send, perAccount),
      schema: {
        tags,
        summary: 'Email a message to every ticket holder of an event',
        description:
          'Records the message and one recipient per account (as the preview counts them) and queues the job that mails them at a steady rate, each account once; a retry never mails anyone twice. Plain text, HTML-escaped, no unsubscribe link (a service message about a purchase). The same message again within 10 minutes answers the first one (a double click sends once). 409 NO_RECIPIENTS when nobody would receive it. Audited as event.message-sent.',
        params: AttendeeEventParams,
        body: MessageAttendeesBody,
        response: { 201: SentEventMessage },
      },
    },
    async (request, reply) => {
      const sent = await sendEventMessage(app, request.user as AuthUser, request.params.id, request.body);
      return reply.status(201).send(sent);
    },
  );

  app.get(
    '/admin/events/:id/messages',
    {
      config: { access, rateLimit: limits.list },
      schema: {
        tags,
        summary: "The messages sent to an event's ticket holders",
        description: `The event (id, title, start) and its messages, newest first (at most ${ATTENDEE_MESSAGE_LIST_MAX}): subject, text, audience, who sent it and when, recipients and how many have been mailed so far (finishedAt once all have).`,
        params: AttendeeEventParams,
        response: { 200: SentEventMessages },
      },
    },
    async (request) => listEventMessages(app, request.params.id),
  );
};
export default eventMessagesRoutes;
