import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import {
  AttendeeChangeBody,
  AttendeeChangeResponse,
  OrderIdParams,
  RefundBody,
  RefundResponse,
  ResendResponse,
  TicketIdParams,
} from '@fourfour/shared/order-actions';
import { changeAttendee, resendOrderTickets } from './order-actions.service.ts';
import { refundOrderTickets } from './order-refunds.service.ts';

/**
 * Actions on one order from the back office (issue 21): resend its tickets, change an attendee,
 * refund some or all of its tickets; and the buyer's own attendee change from My tickets. Each is
 * audited and mailed to the buyer. Limits are per IP: an admin works through an inbox one order at
 * a time; a refund also costs a provider call.
 */
const limits = {
  resend: { max: 30, timeWindow: '1 minute' },
  attendee: { max: 30, timeWindow: '1 minute' },
  refund: { max: 20, timeWindow: '1 minute' },
  fanAttendee: { max: 10, timeWindow: '1 minute' },
} as const;
const admin = { roles: ADMIN_ROLES };

const orderActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/orders/:id/resend',
    {
      config: { access: admin, rateLimit: limits.resend },
      schema: {
        tags: ['admin orders'],
        summary: "Send an order's tickets again",
        description:
          "Queues the ticket email again (the same mail as after payment, one QR code per ticket still valid) to the account's current address, and marks the order emailed when it goes out. Only a PAID order (409 otherwise). Audited as order.resent.",
        params: OrderIdParams,
        response: { 200: ResendResponse },
      },
    },
    async (request) => resendOrderTickets(app, request.user!.id, request.params.id),
  );

  app.patch(
    '/admin/tickets/:id',
    {
      config: { access: admin, rateLimit: limits.attendee },
      schema: {
        tags: ['admin orders'],
        summary: "Change a ticket's attendee",
        description:
          "The same rules as at purchase (every field, a real date of birth, 18 or over). The ticket keeps its id and QR code; the door pack's next update carries the new name. A void ticket, an admitted one or an event that has started cannot be changed (409). The buyer is emailed; audited as ticket.attendee-changed.",
        params: TicketIdParams,
        body: AttendeeChangeBody,
        response: { 200: AttendeeChangeResponse },
      },
    },
    async (request) => changeAttendee(app, { id: request.user!.id, by: 'ADMIN' }, request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      config: { access: admin, rateLimit: limits.refund },
      schema: {
        tags: ['admin orders'],
        summary: "Refund some or all of an order's tickets",
        description:
          "Refunds the chosen tickets' price through the payment provider, voids them (the door answers Void), puts their stock back, gives a free ticket's allowance back, takes them out of the affiliate's commission and emails the buyer. A ticket already admitted needs force: true (409 naming it otherwise). The same request twice refunds once (the second answers the first's result, or 409 while it is in flight). A provider failure changes nothing (502); the same request again retries it.",
        params: OrderIdParams,
        body: RefundBody,
        response: { 200: RefundResponse },
      },
    },
    async (request) => refundOrderTickets(app, request.user!.id, request.params.id, request.body),
  );

  app.patch(
    '/account/my-tickets/:id/attendee',
    {
      config: { access: 'signed-in', rateLimit: limits.fanAttendee },
      schema: {
        tags: ['account'],
        summary: 'Change the attendee on one of my tickets',
        description:
          "The buyer's own change, with the rules of purchase, until 24 hours before the event starts and while the organiser allows it (409 with the reason otherwise). Someone else's ticket answers 404. The ticket keeps its QR code; the buyer is emailed.",
        params: TicketIdParams,
        body: AttendeeChangeBody,
        response: { 200: AttendeeChangeResponse },
      },
    },
    async (request) => changeAttendee(app, { id: request.user!.id, by: 'FAN' }, request.params.id, request.body),
  );
};

export default orderActionsRoutes;
