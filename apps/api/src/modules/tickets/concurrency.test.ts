import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, users } from '../../db/schema/index.ts';
import { createEvent, createUser, signInAs, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { releaseExpiredHolds } from './reserve.service.ts';
import { draft, reserve, stockOf } from './tickets.test-kit.ts';

/** The stock invariant sold + held <= total under concurrency (run with DATABASE_URL for PostgreSQL). */
describe('reservations under concurrency', () => {
  let t: TestApp;
  let buyers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    // 200 signed-in buyers, inserted in one statement (password hashing is not what is tested here).
    const tag = Date.now().toString(36);
    const rows = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `buyer${i}_${tag}@example.test`,
          username: `b${i}_${tag}`,
          passwordHash: 'not-a-login',
          birthDate: '1990-01-01',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning();
    buyers = await Promise.all(
      rows.map(async (u) => {
        const { token, sessionId } = await signInAs(t.app, u);
        return {
          id: u.id,
          email: u.email!,
          username: u.username!,
          role: u.role,
          password: '',
          token,
          sessionId,
          headers: { authorization: `Bearer ${token}` },
        };
      }),
    );
  });
  afterAll(async () => t?.close());

  it('200 simultaneous one-ticket reservations for 50 tickets give exactly 50 holds', async () => {
    const event = await createEvent(t.app, { totalStandard: 50, totalVip: 0 });
    const results = await Promise.all(buyers.map((b) => reserve(t.app, b, event.id, [draft()])));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(150);
    const stock = await stockOf(t.app, event.id);
    expect([stock.heldStandard, stock.soldStandard]).toEqual([50, 0]);
    const [held] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reservations)
      .where(and(eq(reservations.eventId, event.id), eq(reservations.status, 'HELD')));
    expect(held!.n).toBe(50);
  });

  it('mixed orders racing a sweep that releases lapsed holds never break sold + held <= total', async () => {
    const event = await createEvent(t.app, { totalStandard: 30, totalVip: 10 });
    // Some holds have already lapsed: the sweep and the buyers race for that stock.
    const early = await Promise.all(
      buyers.slice(0, 10).map((b) => reserve(t.app, b, event.id, [draft(), draft('VIP')])),
    );
    expect(early.every((r) => r.statusCode === 200)).toBe(true);
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.eventId, event.id));
    const mixed = buyers
      .slice(10, 130)
      .map((b, i) =>
        reserve(
          t.app,
          b,
          event.id,
          i % 3 === 0 ? [draft('VIP')] : i % 3 === 1 ? [draft(), draft()] : [draft(), draft('VIP')],
        ),
      );
    const [results] = await Promise.all([
      Promise.all(mixed),
      releaseExpiredHolds(t.app.db),
      releaseExpiredHolds(t.app.db),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const stock = await stockOf(t.app, event.id);
    const [sums] = await t.app.db
      .select({
        s: sql<number>`coalesce(sum(${reservations.standardQty}), 0)::int`,
        v: sql<number>`coalesce(sum(${reservations.vipQty}), 0)::int`,
      })
      .from(reservations)
      .where(and(eq(reservations.eventId, event.id), eq(reservations.status, 'HELD')));
    // The counters equal the live holds exactly: nothing released twice, nothing lost.
    expect([stock.heldStandard, stock.heldVip]).toEqual([sums!.s, sums!.v]);
    expect(stock.heldStandard).toBeLessThanOrEqual(30);
    expect(stock.heldVip).toBeLessThanOrEqual(10);
    // Demand far exceeds supply, so the stock is fully held.
    expect(stock.heldVip).toBe(10);
  });

  it('parallel reservations by one account never hold more than 10 tickets of an event together', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { totalStandard: 100, totalVip: 0 });
    // Twelve requests of three tickets each, all at once: only three fit under the limit of ten.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserve(t.app, buyer, event.id, [draft(), draft(), draft()])),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array(9).fill('TICKET_LIMIT'),
    );
    expect((await stockOf(t.app, event.id)).heldStandard).toBe(9);
  });
});
