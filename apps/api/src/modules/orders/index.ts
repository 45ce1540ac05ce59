import type { AppModule } from '../module.ts';
import eventMessagesRoutes from './event-messages.routes.ts';
import { deliverEventMessage } from './event-messages.service.ts';
import exportsRoutes from './exports.routes.ts';
import orderActionsRoutes from './order-actions.routes.ts';
import { completePendingRefunds } from './order-refunds.service.ts';
import { ORDER_JOBS } from './orders.jobs.ts';
import ordersRoutes from './orders.routes.ts';

/**
 * The promoter's back office (issue 21): orders and attendees, one-off actions on an order (resend,
 * name changes, partial refunds), messages to an event's ticket holders, and CSV exports.
 */
export const ordersModule: AppModule = {
  name: 'orders',
  routes: [ordersRoutes, orderActionsRoutes, eventMessagesRoutes, exportsRoutes],
  jobs: [
    {
      name: ORDER_JOBS.sendEventMessage,
      handle: (app, { messageId }: { messageId: number }) => deliverEventMessage(app, messageId),
    },
    {
      // A back-office refund left PENDING a minute on (a crash after the provider's answer) is
      // asked again with its provider key and completed.
      name: 'orders.complete-pending-refunds',
      cron: '* * * * *',
      handle: async (app) => {
        const completed = await completePendingRefunds(app);
        if (completed > 0) app.log.info({ completed }, 'pending back-office refunds completed');
      },
      options: { retryLimit: 0 },
    },
  ],
};
