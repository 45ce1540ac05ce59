import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reservations, tickets, users } from '../../db/schema/index.ts';
import { createEvent, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { purgeAttendeeDataOfDeletedAccounts } from './retention.service.ts';

describe('attendee data retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: { work: false } });
  });
  afterAll(async () => t?.close());

  /** A paid ticket row for `userId` at `eventId`, inserted directly. */
  async function ticketFor(userId: number, eventId: number) {
    const [r] = await t.app.db
      .insert(reservations)
      .values({
        userId,
        eventId,
        status: 'FULFILLED',
        standardQty: 1,
        vipQty: 0,
        items: [],
        totalPence: 2000,
        expiresAt: new Date(),
      })
      .returning();
    const [o] = await t.app.db
      .insert(orders)
      .values({ reservationId: r!.id, userId, eventId, provider: 'local', amountPence: 2000, status: 'PAID' })
      .returning();
    const [ticket] = await t.app.db
      .insert(tickets)
      .values({
        orderId: o!.id,
        eventId,
        userId,
        ticketType: 'STANDARD',
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-01-01',
        pricePaidPence: 2000,
      })
      .returning();
    return ticket!.id;
  }
  const attendee = async (id: string) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

  it("purges a deleted account's attendee data once the event is over, and nothing else", async () => {
    const day = 24 * 3600_000;
    const past = await createEvent(t.app, {
      startsAt: new Date(Date.now() - 3 * day),
      endsAt: new Date(Date.now() - 2 * day),
    });
    const future = await createEvent(t.app);
    const gone = await createUser(t.app);
    const staying = await createUser(t.app);
    const pastOfGone = await ticketFor(gone.id, past.id);
    const futureOfGone = await ticketFor(gone.id, future.id);
    const pastOfStaying = await ticketFor(staying.id, past.id);
    await t.app.db.update(users).set({ deleted: true, email: null, username: null }).where(eq(users.id, gone.id));

    expect(await purgeAttendeeDataOfDeletedAccounts(t.app.db)).toBe(1);
    expect(await attendee(pastOfGone)).toMatchObject({ firstName: null, lastName: null, dateOfBirth: null });
    // The door still needs the names of an event that has not happened yet.
    expect(await attendee(futureOfGone)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    // A live account keeps its ticket history.
    expect(await attendee(pastOfStaying)).toMatchObject({ firstName: 'Ada', dateOfBirth: '1990-01-01' });
    // Payment records stay (kept six years).
    expect((await t.app.db.select().from(orders).where(eq(orders.userId, gone.id))).length).toBe(2);
    expect(await purgeAttendeeDataOfDeletedAccounts(t.app.db)).toBe(0);
  });
});
