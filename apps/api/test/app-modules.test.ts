import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MODULES } from '../src/app.ts';
import type { AppModule } from '../src/modules/module.ts';
import { createEvent, createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp, waitFor } from './helpers.ts';

/**
 * Issue 17 item 1: what an app runs is what it was built with. Two apps in one process, each on its
 * own database: app A with the app's modules plus a probe module, app B with the app's modules and
 * a reaction added on B alone. Event ids are per database, so both apps have an event 1 and a
 * reaction that leaked from one app to the other would see the other's id.
 */
describe('two apps in one process', () => {
  const probeSaw: number[] = [];
  const probeJobRan: number[] = [];
  const bSaw: number[] = [];
  const probeModule: AppModule = {
    name: 'probe',
    jobs: [
      {
        name: 'probe.job',
        handle: async (_app, { n }: { n: number }) => {
          probeJobRan.push(n);
        },
      },
    ],
    reactions: [
      {
        event: 'event.cancelled',
        name: 'probe.saw-cancellation',
        handle: async (_app, { eventId }) => {
          probeSaw.push(eventId);
        },
      },
    ],
  };
  let a: TestApp;
  let b: TestApp;
  let adminA: TestUser;
  let adminB: TestUser;

  beforeAll(async () => {
    a = await createTestApp({ modules: [...APP_MODULES, probeModule] });
    b = await createTestApp({
      setup: (app) =>
        app.domainEvents.on('event.cancelled', 'test.b-saw-cancellation', async (_app, { eventId }) => {
          bSaw.push(eventId);
        }),
    });
    adminA = await createUser(a.app, { role: 'ADMIN' });
    adminB = await createUser(b.app, { role: 'ADMIN' });
    // Two apps built one after the other: twice a single app's start-up on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('each app has its own modules, its own bus, and each module reaction once', () => {
    expect(a.app.domainEvents).not.toBe(b.app.domainEvents);
    expect(a.app.modules.map((m) => m.name)).toEqual([...APP_MODULES.map((m) => m.name), 'probe']);
    expect(b.app.modules).toBe(APP_MODULES);
    expect(a.app.domainEvents.reactionsTo('event.cancelled')).toEqual([
      'tickets.void-refund-and-notify',
      'probe.saw-cancellation',
    ]);
    expect(b.app.domainEvents.reactionsTo('event.cancelled')).toEqual([
      'tickets.void-refund-and-notify',
      'test.b-saw-cancellation',
    ]);
    for (const app of [a.app, b.app]) {
      expect(app.domainEvents.reactionsTo('account.deleted')).toEqual([
        'account.subscription-cancel-at-period-end',
        'subscriptions.provider-cancel-at-period-end',
      ]);
      expect(app.domainEvents.reactionsTo('payment.checkout.tickets')).toEqual(['tickets.apply-checkout']);
    }
    // A second reaction of the same name on one app is refused, not run twice.
    expect(() => a.app.domainEvents.on('event.cancelled', 'probe.saw-cancellation', async () => {})).toThrow(
      /already has a reaction named/,
    );
  });

  it("a cancellation in B runs B's reactions only; one in A runs A's only, once", async () => {
    const eventB = await createEvent(b.app);
    const cancelB = await b.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${eventB.id}/cancel`,
      headers: adminB.headers,
    });
    expect(cancelB.statusCode).toBe(200);
    await waitFor(async () => bSaw.includes(eventB.id));

    const eventA = await createEvent(a.app);
    expect(eventA.id).toBe(eventB.id); // both databases start at event 1
    expect(probeSaw).toEqual([]);
    const cancelA = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${eventA.id}/cancel`,
      headers: adminA.headers,
    });
    expect(cancelA.statusCode).toBe(200);
    await waitFor(async () => probeSaw.includes(eventA.id));
    // Give a duplicate delivery time to show up; the job is a singleton per event and ran once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(probeSaw).toEqual([eventA.id]);
    expect(bSaw).toEqual([eventB.id]);
  });

  it("a handler added on one app does not run for the other's event", async () => {
    await b.app.domainEvents.emitToAll('event.cancelled', { eventId: 424242 });
    expect(bSaw).toContain(424242);
    expect(probeSaw).not.toContain(424242);
    await a.app.domainEvents.emitToAll('event.cancelled', { eventId: 434343 });
    expect(probeSaw).toContain(434343);
    expect(bSaw).not.toContain(434343);
  });

  it("a module's jobs exist on the app built with it only", async () => {
    expect(await a.app.jobs.boss.getQueue('probe.job')).toBeTruthy();
    expect(await b.app.jobs.boss.getQueue('probe.job')).toBeNull();
    await a.app.jobs.send('probe.job', { n: 7 });
    await waitFor(async () => probeJobRan.includes(7));
  });
});
