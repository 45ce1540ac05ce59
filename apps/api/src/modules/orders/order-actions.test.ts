import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_CHANGE_MESSAGES } from '@fourfour/shared/attendee-change';
import { ORDER_ACTION_MESSAGES } from '@fourfour/shared/order-actions';
import { TICKET_MESSAGES } from '@fourfour/shared/tickets';
import { events, orders, users } from '../../db/schema/index.ts';
import { createEvent, createUser, deleteOwnAccount, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp, waitFor } from '../../../test/helpers.ts';
import { signedForm } from '../events/events.test-kit.ts';
import { draft, mailTo } from '../tickets/tickets.test-kit.ts';
import { auditOf, buyLocally, orderRow, refund, ticketRow } from './order-actions.test-kit.ts';

/** The back office's resend and attendee changes (issue 21), by an admin and by the buyer. */
describe('order actions: resend and attendee changes', () => {
  let t: TestApp;
  let admin: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    admin = await createUser(t.app, { role: 'ADMIN' });
    fan = await createUser(t.app);
  });
  afterAll(async () => t?.close());

  const resend = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/resend`, headers: user.headers });
  const changeByAdmin = (user: TestUser, ticketId: string, body: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticketId}`, headers: user.headers, payload: body });
  const changeByFan = (user: TestUser, ticketId: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/account/my-tickets/${ticketId}/attendee`,
      headers: user.headers,
      payload: body,
    });
  const newName = { firstName: 'Zoë', lastName: 'Achterberg', dateOfBirth: '1992-11-30' };
  const emailedAt = (orderId: string) => waitFor(async () => (await orderRow(t.app, orderId)).emailedAt ?? undefined);

  describe('resend tickets', () => {
    it("sends the ticket mail again to the account's current address, marks the order emailed and audits it", async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app, { title: 'Resend Night' });
      const { order } = await buyLocally(t.app, buyer, event.id, [draft(), draft('VIP')]);
      const first = await emailedAt(order.id);
      await mailTo(t.app, buyer.email, 'Your tickets for Resend Night');
      const newAddress = `moved_${buyer.id}@example.test`;
      await t.app.db.update(users).set({ email: newAddress }).where(eq(users.id, buyer.id));

      const res = await resend(admin, order.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ orderId: order.id, email: newAddress, message: ORDER_ACTION_MESSAGES.resent });
      const mail = await mailTo(t.app, newAddress, 'Your tickets for Resend Night');
      expect(mail.attachments?.filter((a) => a.contentType === 'image/png')).toHaveLength(2);
      const second = await waitFor(async () => {
        const at = (await orderRow(t.app, order.id)).emailedAt;
        return at && at.getTime() > first.getTime() ? at : undefined;
      });
      expect(second.getTime()).toBeGreaterThan(first.getTime());
      const audit = await auditOf(t.app, order.id);
      expect(audit.map((a) => [a.action, a.actorId, a.entityType])).toEqual([['order.resent', admin.id, 'order']]);
    });

    it('refuses a refunded order with 409 and sends nothing', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft()]);
      expect((await refund(t.app, admin, order.id, { ticketIds: [tickets[0]!.id] })).statusCode).toBe(200);
      const res = await resend(admin, order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ORDER_ACTION_MESSAGES.resendNotPaid);
      expect((await auditOf(t.app, order.id)).map((a) => a.action)).toEqual(['order.refunded']);
    });

    it('answers 404 for an unknown order and 400 for an id that is no UUID', async () => {
      expect((await resend(admin, '3f9a0c12-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await resend(admin, 'not-a-uuid')).statusCode).toBe(400);
    });
  });

  describe('an admin changes an attendee', () => {
    it('keeps the ticket and its QR, audits the change, mails the buyer and puts the new name in the door pack delta', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app, { title: 'Name Night' });
      const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft(), draft()]);
      const ticket = tickets[0]!;
      const qr = async () =>
        (await t.app.inject({ url: `/api/account/my-tickets/${ticket.id}`, headers: buyer.headers })).json().qrBase64;
      const qrBefore = await qr();
      const pack = await t.app.inject({ url: `/api/ticket-scan/events/${event.id}/pack`, headers: admin.headers });
      expect(pack.statusCode).toBe(200);

      const res = await changeByAdmin(admin, ticket.id, newName);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ticketId: ticket.id, orderId: order.id, status: 'VALID', ...newName });
      expect(await qr()).toBe(qrBefore);
      expect(await ticketRow(t.app, ticket.id)).toMatchObject(newName);

      const delta = await t.app.inject({
        url: `/api/ticket-scan/events/${event.id}/pack?since=${pack.json().version}`,
        headers: admin.headers,
      });
      expect(delta.json().full).toBe(false);
      // A delta may repeat a row it cannot rule out (door-pack.service.ts); it never misses one.
      expect(delta.json().tickets).toContainEqual(expect.objectContaining({ id: ticket.id, name: 'Zoë A.' }));

      const [audit] = await auditOf(t.app, ticket.id);
      expect(audit).toMatchObject({
        action: 'ticket.attendee-changed',
        actorId: admin.id,
        entityType: 'ticket',
        details: {
          orderId: order.id,
          from: { firstName: ticket.firstName, lastName: ticket.lastName, dateOfBirth: ticket.dateOfBirth },
          to: newName,
          by: 'ADMIN',
        },
      });
      const mail = await mailTo(t.app, buyer.email, 'Attendee changed: your ticket for Name Night');
      expect(mail.text).toContain('is now for Zoë Achterberg');
      expect(mail.text).toContain(`it was for ${ticket.firstName} ${ticket.lastName}`);
    });

    it.each([
      [
        'an attendee under 18',
        { ...newName, dateOfBirth: '2015-01-01' },
        'dateOfBirth',
        TICKET_MESSAGES.attendeesAdult,
      ],
      ['an impossible date', { ...newName, dateOfBirth: '1990-02-31' }, 'dateOfBirth', TICKET_MESSAGES.attendeesAdult],
      ['a blank first name', { ...newName, firstName: '  ' }, 'firstName', TICKET_MESSAGES.fillAllFields],
    ])('refuses %s with 400 naming the field, changing nothing', async (_name, body, field, message) => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      const { tickets } = await buyLocally(t.app, buyer, event.id, [draft()]);
      const res = await changeByAdmin(admin, tickets[0]!.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
      expect((await ticketRow(t.app, tickets[0]!.id)).firstName).toBe(tickets[0]!.firstName);
      expect(await auditOf(t.app, tickets[0]!.id)).toEqual([]);
    });

    it('refuses a void ticket and an event that has started with 409', async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      const { order, tickets } = await buyLocally(t.app, buyer, event.id, [draft(), draft()]);
      await refund(t.app, admin, order.id, { ticketIds: [tickets[0]!.id] });
      const onVoid = await changeByAdmin(admin, tickets[0]!.id, newName);
      expect(onVoid.statusCode).toBe(409);
      expect(onVoid.json().message).toBe(ATTENDEE_CHANGE_MESSAGES.ticketVoid);

      await t.app.db
        .update(events)
        .set({ startsAt: new Date(Date.now() - 3600_000) })
        .where(eq(events.id, event.id));
      const started = await changeByAdmin(admin, tickets[1]!.id, newName);
      expect(started.statusCode).toBe(409);
      expect(started.json().message).toBe(ATTENDEE_CHANGE_MESSAGES.eventStarted);
      expect((await ticketRow(t.app, tickets[1]!.id)).firstName).toBe(tickets[1]!.firstName);
    });
  });

  describe('what the searches find after a change', () => {
    const search = async (url: string) => {
      const res = await t.app.inject({ url, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      return res.json().content as { id?: string; ticketId?: string }[];
    };

    it("finds a changed attendee by the new name only, in the order list and in the event's attendees", async () => {
      const buyer = await createUser(t.app);
      const event = await createEvent(t.app);
      const { order, tickets } = await buyLocally(t.app, buyer, event.id, [
        draft('STANDARD', { firstName: 'Quentin', lastName: 'Oldfieldsworth' }),
      ]);
      const attendees = (q: string) => search(`/api/admin/events/${event.id}/attendees?q=${encodeURIComponent(q)}`);
      const orderList = (q: string) => search(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect((await attendees('oldfieldsworth')).map((x) => x.ticketId)).toEqual([tickets[0]!.id]);

      expect((await changeByAdmin(admin, tickets[0]!.id, { ...newName, lastName: 'Ångströmberg' })).statusCode).toBe(
        200,
      );
      expect(await attendees('oldfieldsworth')).toEqual([]);
      expect(await orderList('oldfieldsworth')).toEqual([]);
      expect((await attendees('ANGSTROMBERG')).map((x) => x.ticketId)).toEqual([tickets[0]!.id]);
      expect((await orderList('zoe angstromberg')).map((x) => x.id)).toEqual([order.id]);
    });

    it("no longer finds a deleted account's orders by its old email or username", async () => {
      const buyer = await createUser(t.app, { username: 'vanishing_vic', email: 'vanishing.vic@example.test' });
      const event = await createEvent(t.app);
      const { order } = await buyLocally(t.app, buyer, event.id, [draft()]);
      const orderList = (q: string) => search(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect((await orderList('vanishing_vic')).map((x) => x.id)).toEqual([order.id]);

      expect((await deleteOwnAccount(t.app, buyer)).statusCode).toBe(200);
      expect(await orderList('vanishing_vic')).toEqual([]);
      expect(await orderList('vanishing.vic@example')).toEqual([]);
    });
  });

  describe('the buyer changes an attendee from My tickets', () => {
    it('changes their own ticket (audited as the fan) and answers 404 for anyone else', async () => {
      const event = await createEvent(t.app);
      const { tickets } = await buyLocally(t.app, fan, event.id, [draft()]);
      const stranger = await createUser(t.app);
      const other = await changeByFan(stranger, tickets[0]!.id, newName);
      expect(other.statusCode).toBe(404);
      expect((await ticketRow(t.app, tickets[0]!.id)).firstName).toBe(tickets[0]!.firstName);

      const own = await changeByFan(fan, tickets[0]!.id, newName);
      expect(own.statusCode).toBe(200);
      expect(await ticketRow(t.app, tickets[0]!.id)).toMatchObject(newName);
      const [audit] = await auditOf(t.app, tickets[0]!.id);
      expect(audit).toMatchObject({ actorId: fan.id, details: { by: 'FAN', to: newName } });
      const mine = await t.app.inject({ url: '/api/account/my-tickets', headers: fan.headers });
      expect(mine.json().find((x: { ticketId: string }) => x.ticketId === tickets[0]!.id)).toMatchObject({
        firstName: 'Zoë',
        attendeeChangesAllowed: true,
      });
    });

    it('is refused within 24 hours of the start, though an admin may still change it', async () => {
      const event = await createEvent(t.app);
      const { tickets } = await buyLocally(t.app, fan, event.id, [draft()]);
      await t.app.db
        .update(events)
        .set({ startsAt: new Date(Date.now() + 23 * 3600_000), endsAt: new Date(Date.now() + 30 * 3600_000) })
        .where(eq(events.id, event.id));
      const res = await changeByFan(fan, tickets[0]!.id, newName);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ATTENDEE_CHANGE_MESSAGES.fanWindowClosed);
      expect((await ticketRow(t.app, tickets[0]!.id)).firstName).toBe(tickets[0]!.firstName);
      expect((await changeByAdmin(admin, tickets[0]!.id, newName)).statusCode).toBe(200);
    });

    it('is refused when the admin switched it off for the event (through the event edit API)', async () => {
      const event = await createEvent(t.app);
      const { tickets } = await buyLocally(t.app, fan, event.id, [draft()]);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/events/${event.id}`,
        ...signedForm(admin, { attendeeChangesAllowed: false }),
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().attendeeChangesAllowed).toBe(false);
      const [audit] = (await auditOf(t.app, String(event.id))).filter((a) => a.entityType === 'event');
      expect(audit!.details).toMatchObject({ changes: { attendeeChangesAllowed: { from: true, to: false } } });

      const res = await changeByFan(fan, tickets[0]!.id, newName);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ATTENDEE_CHANGE_MESSAGES.fanChangesOff);
      const mine = await t.app.inject({ url: '/api/account/my-tickets', headers: fan.headers });
      expect(mine.json().find((x: { ticketId: string }) => x.ticketId === tickets[0]!.id)).toMatchObject({
        attendeeChangesAllowed: false,
      });
    });
  });

  it('lets neither a fan nor door staff use the admin actions (403), changing nothing', async () => {
    const worker = await createUser(t.app, { role: 'EVENT_WORKER' });
    const event = await createEvent(t.app);
    const { order, tickets } = await buyLocally(t.app, fan, event.id, [draft()]);
    for (const who of [fan, worker]) {
      expect((await resend(who, order.id)).statusCode).toBe(403);
      expect((await changeByAdmin(who, tickets[0]!.id, newName)).statusCode).toBe(403);
      expect((await refund(t.app, who, order.id, { ticketIds: [tickets[0]!.id] })).statusCode).toBe(403);
    }
    expect((await ticketRow(t.app, tickets[0]!.id)).status).toBe('VALID');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedPence).toBe(0);
    expect(await auditOf(t.app, order.id)).toEqual([]);
  });
});
