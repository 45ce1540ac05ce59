import type { AppModule } from '../module.ts';
import { applyCheckoutSession } from './checkout.service.ts';
import { applyProviderRefund, cancelEventTickets, reconcileCheckouts, refundOrder } from './refunds.service.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { purgeAttendeeDataOfDeletedAccounts } from './retention.service.ts';
import { sendOrderEmail } from './tickets.email.ts';
import { TICKET_JOBS } from './tickets.jobs.ts';
import ticketRoutes from './tickets.routes.ts';
import { ticketsDemoSeed } from './tickets.seed.ts';

/** Tickets: reserve, checkout, the buyer's tickets; refunds, holds and attendee-data retention. */
export const ticketsModule: AppModule = {
  name: 'tickets',
  routes: [ticketRoutes],
  jobs: [
    {
      name: TICKET_JOBS.orderEmail,
      handle: (app, { orderId }: { orderId: string }) => sendOrderEmail(app, orderId),
    },
    {
      name: TICKET_JOBS.refundOrder,
      handle: (app, { orderId }: { orderId: string }) => refundOrder(app, orderId),
      // A refund is retried for about a day before it needs a person.
      options: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
    },
    {
      name: TICKET_JOBS.releaseExpiredHolds,
      cron: '* * * * *',
      handle: async (app) => {
        const released = await releaseExpiredHolds(app.db);
        if (released > 0) app.log.info({ released }, 'expired ticket holds released');
      },
      options: { retryLimit: 0 },
    },
    {
      name: TICKET_JOBS.reconcileCheckouts,
      cron: '*/5 * * * *',
      handle: (app) => reconcileCheckouts(app),
      options: { retryLimit: 0 },
    },
    {
      name: TICKET_JOBS.purgeAttendeeData,
      cron: '17 * * * *',
      handle: async (app) => {
        const purged = await purgeAttendeeDataOfDeletedAccounts(app.db);
        if (purged > 0) app.log.info({ purged }, 'attendee data of deleted accounts purged');
      },
    },
  ],
  demoSeed: ticketsDemoSeed,
  reactions: [
    // Held stock released, every ticket voided, paid orders of an owned event refunded, holders emailed.
    {
      event: 'event.cancelled',
      name: 'tickets.void-refund-and-notify',
      handle: (app, { eventId }) => cancelEventTickets(app, eventId),
    },
    {
      event: 'payment.checkout.tickets',
      name: 'tickets.apply-checkout',
      handle: (app, { session, event }) => applyCheckoutSession(app, session, event),
    },
    { event: 'payment.charge.refunded', name: 'tickets.provider-refund', handle: applyProviderRefund },
  ],
};

/** What other modules may use of this one (the only way in: .dependency-cruiser.cjs). */
export { insertIssuedOrder } from './issued-order.ts';
export { countFreeTicketsUsed, currentYear } from './free-tickets.service.ts';
export { checkUnlockCode } from './reserve.service.ts';
export { UNLOCK_CODE_PER_ACCOUNT } from './tickets.routes.ts';
export { returnSoldToReleases } from './release-stock.ts';
export { formatEventTime } from './tickets.email.ts';
export { TICKET_JOBS } from './tickets.jobs.ts';
