import type { FastifyInstance } from 'fastify';
import { reconcileCheckouts, refundOrder } from './refunds.service.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { purgeAttendeeDataOfDeletedAccounts } from './retention.service.ts';
import { sendOrderEmail } from './tickets.email.ts';
import { TICKET_JOBS } from './ticket-jobs.ts';

/** Durable jobs of the tickets module: retried with backoff, never lost on a restart. */
export function defineTicketJobs(app: FastifyInstance): void {
  app.jobs.define<{ orderId: string }>({
    name: TICKET_JOBS.orderEmail,
    handler: async ({ orderId }) => sendOrderEmail(app, orderId),
  });
  app.jobs.define<{ orderId: string }>({
    name: TICKET_JOBS.refundOrder,
    handler: async ({ orderId }) => refundOrder(app, orderId),
    // A refund is retried for about a day before it needs a person.
    options: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  });
  app.jobs.define({
    name: TICKET_JOBS.releaseExpiredHolds,
    handler: async () => {
      const released = await releaseExpiredHolds(app.db);
      if (released > 0) app.log.info({ released }, 'expired ticket holds released');
    },
    options: { retryLimit: 0 },
  });
  app.jobs.define({
    name: TICKET_JOBS.reconcileCheckouts,
    handler: async () => {
      await reconcileCheckouts(app);
    },
    options: { retryLimit: 0 },
  });
  app.jobs.define({
    name: TICKET_JOBS.purgeAttendeeData,
    handler: async () => {
      const purged = await purgeAttendeeDataOfDeletedAccounts(app.db);
      if (purged > 0) app.log.info({ purged }, 'attendee data of deleted accounts purged');
    },
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(TICKET_JOBS.purgeAttendeeData, '17 * * * *');
    await app.jobs.schedule(TICKET_JOBS.releaseExpiredHolds, '* * * * *');
    await app.jobs.schedule(TICKET_JOBS.reconcileCheckouts, '*/5 * * * *');
  });
}
