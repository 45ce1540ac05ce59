import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDomainEventBus, type DomainEventHandler, type DomainEventName } from '../lib/domain-events.ts';
import type { JobContext, JobDefinition } from '../plugins/jobs.ts';

/**
 * What a domain module adds to the app, declared in one place: `modules/<name>/index.ts` exports
 * one `AppModule`, and app.ts lists the modules. Nothing is registered by importing a file: a
 * module's routes, jobs, schedules, demo data and reactions exist in an app because the app was
 * built with that module.
 */
export interface AppModule {
  /** The module's folder under modules/. */
  name: string;
  /** Route plugins, registered in this order under /api (a prefix is relative to /api). */
  routes?: (RoutesPlugin | { plugin: RoutesPlugin; prefix: string })[];
  /** Durable jobs (pg-boss queues) whose handlers live in this module; a `cron` also schedules one. */
  jobs?: ModuleJob[];
  /** Demo data, seeded once into an empty database (DEMO_DATA). */
  demoSeed?: DemoSeed;
  /** The domain events this module reacts to (lib/domain-events.ts). */
  reactions?: Reaction[];
}

export type RoutesPlugin = FastifyPluginAsyncZod;

export interface ModuleJob<T extends object = object> {
  /** The queue's name; queues other code sends to are named in `<module>.jobs.ts`. */
  name: string;
  handle(app: FastifyInstance, data: T, job: JobContext): Promise<unknown>;
  /** Retries with exponential backoff by default (plugins/jobs.ts). */
  options?: JobDefinition<T>['options'];
  /** A cron expression in APP_TIMEZONE: the job also runs on this schedule, once across all instances. */
  cron?: string;
}

export interface DemoSeed {
  /** Lower runs first: users before events before tickets. */
  order: number;
  /** Lines printed at start-up (demo accounts, codes). */
  seed(app: FastifyInstance): Promise<string[] | undefined>;
}

/** One reaction to a domain event; its name says whose and what (`subscriptions.provider-cancel-at-period-end`). */
export type Reaction = {
  [E in DomainEventName]: { event: E; name: string; handle: DomainEventHandler<E> };
}[DomainEventName];

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules this app was built with, in order. */
    modules: readonly AppModule[];
  }
}

/**
 * Adds the modules to one app: its own domain event bus with the modules' reactions (in module
 * order), their jobs and schedules, and their routes under /api. Call once, after the plugins the
 * modules use (jobs, auth, ...) and the error handler.
 */
export async function registerModules(app: FastifyInstance, modules: readonly AppModule[]): Promise<void> {
  const names = modules.map((m) => m.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Error(`module "${repeated}" is listed twice`);
  app.decorate('modules', modules);
  app.decorate('domainEvents', createDomainEventBus(app));

  for (const module of modules) {
    for (const r of module.reactions ?? []) {
      app.domainEvents.on<DomainEventName>(r.event, r.name, r.handle as DomainEventHandler<DomainEventName>);
    }
    for (const job of module.jobs ?? []) {
      app.jobs.define<object>({
        name: job.name,
        handler: async (data, context) => {
          await job.handle(app, data, context);
        },
        options: job.options,
      });
    }
  }
  const scheduled = modules.flatMap((m) => (m.jobs ?? []).filter((job) => job.cron));
  // After the jobs plugin's own onReady hook has created the queues.
  app.addHook('onReady', async () => {
    for (const job of scheduled) await app.jobs.schedule(job.name, job.cron!);
  });

  await app.register(
    async (api) => {
      for (const module of modules) {
        for (const routes of module.routes ?? []) {
          if (typeof routes === 'function') await api.register(routes);
          else await api.register(routes.plugin, { prefix: routes.prefix });
        }
      }
    },
    { prefix: '/api' },
  );
}
