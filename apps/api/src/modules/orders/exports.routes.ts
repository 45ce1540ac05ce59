import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ROLES } from '@fourfour/shared/enums';
import { MASTER_MESSAGES } from '@fourfour/shared/master';
import { CsvText, EXPORT_KINDS, type ExportKind, PayoutsCsvQuery } from '@fourfour/shared/order-exports';
import { AttendeeEventParams } from '@fourfour/shared/orders';
import type { RouteAccess } from '../../plugins/auth.ts';
import { sendCsv } from './csv-export.ts';
import { exportEventCsv, exportPayoutsCsv } from './exports.service.ts';

const tags = ['back office'];
/** A download is a heavy read: a few a minute per address is plenty for a promoter. */
const rateLimit = { max: 20, timeWindow: '1 minute' };
/** The answer: a CSV file, described as text/csv in the API description. */
const csvAnswer = {
  200: {
    description: 'A CSV file (UTF-8 with a byte order mark, CRLF line ends, a header row), sent as an attachment',
    content: { 'text/csv': { schema: CsvText } },
  },
};

const WHAT: Record<ExportKind, { summary: string; description: string }> = {
  orders: {
    summary: "Download an event's orders as CSV (one row per ticket)",
    description:
      'Order reference and status, buyer email and username, ticket type, attendee name, ticket status, price (GBP), free ticket, paid at, refunded and when, affiliate code, order and ticket ids; oldest order first.',
  },
  attendees: {
    summary: "Download an event's attendees as CSV (the door's paper backup)",
    description:
      'Last and first name, ticket type, status, admitted at, door code and order reference, by last name then first name (case and accents folded).',
  },
  scans: {
    summary: "Download an event's door scans as CSV",
    description:
      'Every scan attempt in the order it happened: when, result, door code, ticket type, attendee, device (its name when staff gave one) and scanner.',
  },
};

/**
 * CSV exports of the back office (issue 21): an event's orders, attendees and scans (ADMIN, MASTER),
 * and the affiliates' monthly payouts (MASTER). Streamed from the database in batches, so memory
 * stays flat however many rows; times are wall-clock in APP_TIMEZONE; cells that a spreadsheet would
 * run as a formula are prefixed with '.
 */
const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of EXPORT_KINDS) {
    app.get(
      `/admin/events/:id/${kind}.csv`,
      {
        config: { access: { roles: ADMIN_ROLES }, rateLimit },
        schema: { tags, ...WHAT[kind], params: AttendeeEventParams, response: csvAnswer },
      },
      async (request, reply) => {
        const { fileName, stream } = await exportEventCsv(app, request.params.id, kind);
        return sendCsv(reply, fileName, stream);
      },
    );
  }

  const masterOnly: RouteAccess = { roles: ['MASTER'], forbiddenMessage: MASTER_MESSAGES.mustBeMaster };
  app.get(
    '/master/affiliates/payouts.csv',
    {
      config: { access: masterOnly, rateLimit },
      schema: {
        tags,
        summary: "Download the affiliates' payouts of a month as CSV",
        description:
          "One row per affiliate with counted sales in the month (YYYY-MM, in the platform's time zone): tickets, commission, bonus and their total in GBP, the same figures as the affiliates' statistics. MASTER only.",
        querystring: PayoutsCsvQuery,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exportPayoutsCsv(app, request.query.month);
      return sendCsv(reply, fileName, stream);
    },
  );
};
export default exportsRoutes;
