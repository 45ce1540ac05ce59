import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import {
  AdminAttendeesPage,
  AdminAttendeesQuery,
  AdminOrderDetail,
  AdminOrdersPage,
  AdminOrdersQuery,
  AttendeeEventParams,
  ORDER_COUNT_CAP,
  ORDER_SEARCH_COUNT_CAP,
  OrderIdParams,
} from '@fourfour/shared/orders';
import { getOrderDetail, listAttendees, listOrders } from './orders.service.ts';

/**
 * The back office's read side (issue 21): the order list, one order with its history, and an
 * event's attendees for the door's paper backup. ADMIN and MASTER; a promoter searches as they
 * type, so the limit is generous.
 */
const access = { roles: ADMIN_ROLES };
const rateLimit = { max: 120, timeWindow: '1 minute' } as const;

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      config: { access, rateLimit },
      schema: {
        tags: ['admin orders'],
        summary: 'Orders, newest first, paged by cursor; search by reference, buyer or attendee',
        description: `Each order with its short reference, buyer, event, tickets (type, attendee, status, price), amount, refunded amount, payment provider and status, affiliate code and times. eventId keeps one event's orders, status one order status. q (3 to 100 characters) finds an order by its reference (a prefix of at least 3 hex digits), part of the buyer's email or username, or part of an attendee's name, ignoring case and accents. totalElements counts the matches up to ${ORDER_COUNT_CAP.toLocaleString('en-GB')} (a search across every event: up to ${ORDER_SEARCH_COUNT_CAP}); the cap itself means at least that many. nextCursor → cursor for the next page.`,
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersPage },
      },
    },
    async (request) => {
      const { eventId, status, q, size, cursor } = request.query;
      return listOrders(app, { eventId, status, q, size, cursor });
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { access, rateLimit },
      schema: {
        tags: ['admin orders'],
        summary: 'One order with its tickets and history',
        description:
          "The order and its tickets, and its history oldest first: placed, paid, emailed and resent, each scan of its tickets (result, device, scanner), refunds, attendee name changes and the event's messages to the buyer, each with who did it.",
        params: OrderIdParams,
        response: { 200: AdminOrderDetail },
      },
    },
    async (request) => getOrderDetail(app, request.params.id),
  );

  app.get(
    '/admin/events/:id/attendees',
    {
      config: { access, rateLimit },
      schema: {
        tags: ['admin orders'],
        summary: "An event's tickets by attendee, paged by cursor",
        description:
          "Every ticket of the event (void ones included, with their status) by attendee last name then first name, ignoring case and accents: type, status, admission time and the order's reference, for the door's paper backup. q finds an attendee by part of the name or the order's reference.",
        params: AttendeeEventParams,
        querystring: AdminAttendeesQuery,
        response: { 200: AdminAttendeesPage },
      },
    },
    async (request) => {
      const { q, size, cursor } = request.query;
      return listAttendees(app, { eventId: request.params.id, q, size, cursor });
    },
  );
};

export default ordersRoutes;
