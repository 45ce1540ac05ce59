import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AFFILIATE_DISCOUNT_PERCENT } from '@fourfour/shared/constants';
import {
  CheckoutResult,
  CheckoutResultQuery,
  CheckoutSessionQuery,
  EventUsageResponse,
  FreeTicketUsage,
  MyTicketsQuery,
  OwnedTicket,
  OwnedTicketList,
  ReserveBody,
  ReserveQuery,
  ReserveResponse,
  UrlResponse,
  ValidateCodeResponse,
} from '@fourfour/shared/tickets';
import { getCheckoutResult, startCheckout } from './checkout.service.ts';
import { getFreeTicketUsage, hasFreeTicketForEvent } from './free-tickets.service.ts';
import { getMyTicket, listMyTickets } from './my-tickets.service.ts';
import { findAffiliateByCode, reserveTickets } from './reserve.service.ts';

/** Reservations one account may make per minute, from any number of addresses. */
export const RESERVE_PER_ACCOUNT = { max: 20, timeWindow: '1 minute' } as const;
/**
 * Requests carrying a presale code one account may make in 15 minutes (reservations and code
 * checks together): a wrong code counts, so codes cannot be guessed one after another.
 */
export const UNLOCK_CODE_PER_ACCOUNT = { max: 10, timeWindow: '15 minutes' } as const;

/** Purchase (reserve, checkout, result), affiliate code check, and the account's tickets. */
const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's client posts the checkout call form-encoded with an empty body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    '/tickets/reserve',
    {
      // The hold statement checks the account itself: one round trip on a sold-out night. Limited
      // per IP and per account (the verified token's user id: many addresses do not buy more holds).
      config: { access: { accountCheck: 'statement' }, rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler: [
        app.limitPer('reserve-account', RESERVE_PER_ACCOUNT, (request) => request.session?.userId),
        app.limitPer('unlock-code', UNLOCK_CODE_PER_ACCOUNT, (request) =>
          (request.query as { unlockCode?: string }).unlockCode ? request.session?.userId : undefined,
        ),
      ],
      schema: {
        summary: 'Hold tickets of one event for checkout (a reservation token)',
        tags: ['tickets'],
        querystring: ReserveQuery,
        body: ReserveBody,
        response: { 200: ReserveResponse },
      },
    },
    async (request) =>
      app.metrics.countHold(
        reserveTickets(app, {
          session: request.session!,
          eventId: request.query.eventId,
          affiliateCode: request.query.affiliateCode,
          unlockCode: request.query.unlockCode,
          drafts: request.body,
        }),
      ),
  );

  app.post(
    '/tickets/create-checkout-session',
    {
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Start paying for a reservation: the checkout page URL',
        tags: ['tickets'],
        querystring: CheckoutSessionQuery,
        response: { 200: UrlResponse },
      },
    },
    async (request) => startCheckout(app, request.user!.id, request.query.reservationToken),
  );

  app.get(
    '/tickets/checkout-result',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: 'The outcome of a ticket checkout',
        tags: ['tickets'],
        querystring: CheckoutResultQuery,
        response: { 200: CheckoutResult },
      },
    },
    async (request) => getCheckoutResult(app, request.query.session_id),
  );

  app.get(
    '/tickets/validate',
    {
      // Codes are not secrets, but guessing them in bulk should be slow.
      config: { access: 'signed-in', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Check an affiliate code and its discount',
        tags: ['tickets'],
        querystring: z.object({ code: z.string().max(64).default('') }),
        response: { 200: ValidateCodeResponse },
      },
    },
    async (request) => {
      const affiliate = await findAffiliateByCode(app.db, request.query.code);
      const valid = !!affiliate && affiliate.id !== request.user!.id;
      return { valid, discountPercent: valid ? AFFILIATE_DISCOUNT_PERCENT : 0 };
    },
  );

  app.get(
    '/tickets/event-usage',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Whether the caller has used their free ticket for an event',
        tags: ['tickets'],
        querystring: z.object({ eventId: z.coerce.number().int().positive() }),
        response: { 200: EventUsageResponse },
      },
    },
    async (request) => ({
      hasFreeForEvent: await hasFreeTicketForEvent(app.db, request.user!.id, request.query.eventId),
    }),
  );

  app.get(
    '/account/my-tickets',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The caller's tickets",
        tags: ['account'],
        querystring: MyTicketsQuery,
        response: { 200: OwnedTicketList },
      },
    },
    async (request) => listMyTickets(app, request.user!.id, request.query),
  );

  app.get(
    '/account/my-tickets/:ticketId',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "One of the caller's tickets, with its QR code",
        tags: ['account'],
        params: z.object({ ticketId: z.uuid() }),
        querystring: z.object({ includeQr: z.stringbool().default(true) }),
        response: { 200: OwnedTicket },
      },
    },
    async (request) => getMyTicket(app, request.user!.id, request.params.ticketId, request.query.includeQr),
  );

  app.get(
    '/account/free-tickets',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'How many free tickets the caller has used, and their allowance',
        tags: ['account'],
        response: { 200: FreeTicketUsage },
      },
    },
    async (request) => getFreeTicketUsage(app.db, request.user!.id, app.config.timezone),
  );
};
export default ticketRoutes;
