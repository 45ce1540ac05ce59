import type { AppModule } from '../module.ts';
import { EVENT_JOBS } from './events.jobs.ts';
import eventsRoutes from './events.routes.ts';
import { eventsDemoSeed } from './events.seed.ts';

/** Events: the public list, event administration (create, edit, publish, prices, cancel, stats), artwork. */
export const eventsModule: AppModule = {
  name: 'events',
  routes: [eventsRoutes],
  jobs: [
    {
      // Enqueued with the cancellation; every reaction runs even if another fails, and any failure
      // retries the job (reactions are idempotent).
      name: EVENT_JOBS.cancelled,
      handle: (app, { eventId }: { eventId: number }) => app.domainEvents.emitToAll('event.cancelled', { eventId }),
    },
  ],
  demoSeed: eventsDemoSeed,
};
