import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRelease, releaseState } from '@fourfour/shared/release-ladder';
import { events, ticketReleases } from '../../db/schema/index.ts';
import { appWithFanAndAdmin, createEvent, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { localIn, putReleases } from '../events/releases.test-kit.ts';
import { draft, reserve } from './tickets.test-kit.ts';

/**
 * The hold statement (SQL) and the shared ladder rules (release-ladder.ts, which the list and the
 * purchase page use) choose the same release: for random ladders, one ticket costs what the first
 * release the shared rules call ON_SALE costs, among those the buyer may see (public ones, and
 * hidden ones when the buyer sends their code), and the admin event shows that price.
 */

/** Where a date stands from now, in minutes (null: none). */
const START_OFFSETS = [null, -120, 120] as const;
const END_OFFSETS = [null, -60, 180] as const;
const CODE = 'PRE-SALE';

const releaseCase = fc
  .record({
    quantity: fc.integer({ min: 0, max: 3 }),
    soldShare: fc.integer({ min: 0, max: 3 }),
    start: fc.constantFrom(...START_OFFSETS),
    end: fc.constantFrom(...END_OFFSETS),
    hidden: fc.boolean(),
  })
  // An end before the start is refused by the editor: such a release cannot exist.
  .filter((r) => r.start === null || r.end === null || r.end > r.start);
const ladderCase = fc.record({
  releases: fc.array(releaseCase, { minLength: 1, maxLength: 4 }),
  sendCode: fc.boolean(),
});

describe('the hold and the shared ladder rules agree', () => {
  let t: TestApp;
  let admin: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    ({ t, admin, fan } = await appWithFanAndAdmin({ RATE_LIMIT: 'off' }));
  });
  afterAll(async () => t?.close());

  it('prices one ticket from the release currentRelease picks among the ON_SALE ones the buyer may see', async () => {
    await fc.assert(
      fc.asyncProperty(ladderCase, async ({ releases, sendCode }) => {
        const event = await createEvent(t.app, { totalStandard: 0, totalVip: 0 });
        const saved = await putReleases(
          t.app,
          admin,
          event.id,
          releases.map((r, i) => ({
            ticketType: 'STANDARD',
            name: `Release ${i + 1}`,
            price: 5 * (i + 1),
            quantity: r.quantity,
            salesStart: r.start === null ? null : localIn(t.app, r.start),
            salesEnd: r.end === null ? null : localIn(t.app, r.end),
            unlockCode: r.hidden ? CODE.toLowerCase() : null,
          })),
        );
        expect(saved.statusCode, saved.body).toBe(200);
        // Part of each release sold already (the event's own counters agreeing).
        const ids = (saved.json().releases as { id: number }[]).map((r) => r.id);
        let soldInAll = 0;
        for (const [i, r] of releases.entries()) {
          const sold = Math.min(r.quantity, r.soldShare);
          soldInAll += sold;
          await t.app.db.update(ticketReleases).set({ sold }).where(eq(ticketReleases.id, ids[i]!));
        }
        await t.app.db
          .update(events)
          .set({ soldStandard: sql`${events.soldStandard} + ${soldInAll}` })
          .where(eq(events.id, event.id));

        const rows = await t.app.db
          .select()
          .from(ticketReleases)
          .where(eq(ticketReleases.eventId, event.id))
          .orderBy(asc(ticketReleases.position));
        const hasHidden = rows.some((r) => r.unlockCode !== null);
        const withCode = sendCode && hasHidden;
        const now = new Date();
        const visible = (forCode: boolean) =>
          rows
            .filter((r) => r.unlockCode === null || (forCode && r.unlockCode === CODE))
            .map((r) => ({
              price: r.pricePence / 100,
              state: releaseState(r, now),
              left: r.quantity - r.sold - r.held,
            }));
        const expected = currentRelease(visible(withCode));

        // The admin event shows the public ladder's figures, as the list does.
        const shown = (await t.app.inject({ url: `/api/admin/events/${event.id}`, headers: admin.headers })).json();
        const publicCurrent = currentRelease(visible(false));
        if (publicCurrent) expect(shown.standardTicketPrice).toBe(publicCurrent.price);
        expect(shown.remainingStandardTickets).toBe(
          visible(false)
            .filter((r) => r.state === 'ON_SALE')
            .reduce((n, r) => n + r.left, 0),
        );

        const res = await reserve(t.app, fan, event.id, [draft()], undefined, withCode ? CODE : undefined);
        if (expected) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().tickets.map((x: { price: number }) => x.price)).toEqual([expected.price]);
        } else {
          expect(res.statusCode, res.body).toBe(409);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
