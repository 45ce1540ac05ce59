import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDEE_MESSAGE_BODY_MAX,
  ATTENDEE_MESSAGE_MESSAGES,
  ATTENDEE_MESSAGE_SUBJECT_MAX,
  type MessagePreview,
  type SentEventMessage,
  type SentEventMessages,
} from '@fourfour/shared/attendee-messages';
import type { OutgoingMail } from '../../plugins/mail.ts';
import { auditLog, eventMessageRecipients, eventMessages, users } from '../../db/schema/index.ts';
import { createPayloadSeal } from '../../lib/sealed-payload.ts';
import { createEvent, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { issueTickets } from '../scan/scan.test-kit.ts';
import { EVENT_MESSAGE_RATE } from './event-messages.service.ts';
import { ordersModule } from './index.ts';
import { ORDER_JOBS } from './orders.jobs.ts';

/**
 * Messages to an event's ticket holders (issue 21). The app runs no workers: each test runs the
 * queued message jobs itself, with the module's own handler, and reads the mails they queued (the
 * mail queue's delivery is the mail plugin's, tested on its own), so "who got how many mails" is
 * exact and nothing depends on polling.
 */
describe('messages to ticket holders', () => {
  let t: TestApp;
  let seal: ReturnType<typeof createPayloadSeal>;
  let ip = 0;
  const handled = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp({ jobs: { work: false } });
    seal = createPayloadSeal(t.app.config.appSecret);
  });
  afterAll(() => t?.close());

  /** Each call from its own address, so the per-IP limit of 10 sends an hour only bites where a test means it to. */
  const inject = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object, remote?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: user ? user.headers : {},
      remoteAddress: remote ?? `198.51.100.${(ip++ % 250) + 1}`,
    });

  const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  /** An event with: a fan holding three STANDARD tickets, another one VIP, a third only a refunded (VOID) one. */
  async function eventWithHolders() {
    const event = await createEvent(t.app, { title: `Sunrise Session ${unique()}` });
    const [threeTickets, vipHolder, refunded, admin] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app, { role: 'ADMIN' }),
    ]);
    await issueTickets(t.app, threeTickets, event.id, 3);
    await issueTickets(t.app, vipHolder, event.id, 1, { ticketType: 'VIP' });
    await issueTickets(t.app, refunded, event.id, 1, { status: 'VOID' });
    return { event, threeTickets, vipHolder, refunded, admin };
  }

  /** Runs the queued message jobs not run yet, as a worker would. */
  async function runMessageJobs() {
    const job = ordersModule.jobs!.find((j) => j.name === ORDER_JOBS.sendEventMessage)!;
    const rows = await t.database.raw.query<{ id: string; data: unknown }>(
      'SELECT id::text AS id, data FROM pgboss.job WHERE name = $1 ORDER BY created_on',
      [ORDER_JOBS.sendEventMessage],
    );
    for (const row of rows.rows) {
      if (handled.has(row.id)) continue;
      handled.add(row.id);
      await job.handle(t.app, seal.open(ORDER_JOBS.sendEventMessage, row.data), { id: row.id, retryCount: 0 });
    }
  }

  /** Every mail queued with this subject, as the mail queue will deliver it. */
  async function mailsWith(subject: string): Promise<(OutgoingMail & { createdOn: Date })[]> {
    const rows = await t.database.raw.query<{ data: unknown; created_on: Date }>(
      "SELECT data, created_on FROM pgboss.job WHERE name = 'mail.send' ORDER BY created_on",
    );
    return rows.rows
      .map((r) => ({ ...seal.open<OutgoingMail>('mail.send', r.data), createdOn: new Date(r.created_on) }))
      .filter((m) => m.subject === subject);
  }

  const message = (subject: string, extra: object = {}) => ({
    subject,
    body: 'Doors open at 22:00.\n\nBring ID: <b>18+</b> & "no exceptions".',
    ...extra,
  });

  it('previews the count and the mail as holders will read it, and sends nothing', async () => {
    const { event, admin } = await eventWithHolders();
    const subject = `Preview ${unique()}`;
    const res = await inject(admin, 'POST', `/api/admin/events/${event.id}/message/preview`, message(subject));
    expect(res.statusCode).toBe(200);
    const preview = res.json<MessagePreview>();
    // The fan with three tickets counts once; the refunded holder is left out by default.
    expect(preview.recipientCount).toBe(2);
    expect(preview.subject).toBe(subject);
    expect(preview.text).toContain('Bring ID: <b>18+</b> & "no exceptions".');
    expect(preview.text).toContain(
      `You are receiving this because you have a ticket for ${event.title} on ${new Intl.DateTimeFormat('en-GB', { timeZone: t.app.config.timezone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(event.startsAt!)}. This is a service message about your purchase.`,
    );
    const recorded = await t.app.db.select().from(eventMessages).where(eq(eventMessages.eventId, event.id));
    expect(recorded).toEqual([]);
    expect(await mailsWith(subject)).toEqual([]);
  });

  it('mails each account once however many tickets it holds, escapes the HTML, and records what was sent', async () => {
    const { event, threeTickets, vipHolder, refunded, admin } = await eventWithHolders();
    const subject = `Set times ${unique()}`;
    const res = await inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(subject));
    expect(res.statusCode).toBe(201);
    const sent = res.json<SentEventMessage>();
    expect(sent).toMatchObject({ subject, recipientCount: 2, sentCount: 0, sentBy: admin.username, finishedAt: null });
    expect(sent.ticketTypes).toEqual(['STANDARD', 'VIP']);

    await runMessageJobs();
    const mails = await mailsWith(subject);
    expect(mails.map((m) => m.to).sort()).toEqual([threeTickets.email, vipHolder.email].sort());
    expect(mails.some((m) => m.to === refunded.email)).toBe(false);
    const [mail] = mails;
    expect(mail!.text).toContain('Bring ID: <b>18+</b> & "no exceptions".');
    expect(mail!.html).toContain('Bring ID: &lt;b&gt;18+&lt;/b&gt; &amp; &quot;no exceptions&quot;.');
    expect(mail!.html).not.toContain('<b>18+</b>');
    expect(mail!.text).toContain('This is a service message about your purchase.');
    expect(`${mail!.text}${mail!.html}`.toLowerCase()).not.toContain('unsubscribe');

    const list = await inject(admin, 'GET', `/api/admin/events/${event.id}/messages`);
    expect(list.statusCode).toBe(200);
    const answer = list.json<SentEventMessages>();
    expect(answer.event).toEqual({ id: event.id, title: event.title, startsAt: event.startsAt!.toISOString() });
    const [listed] = answer.messages;
    expect(listed).toMatchObject({ id: sent.id, subject, recipientCount: 2, sentCount: 2, sentBy: admin.username });
    expect(listed!.finishedAt).not.toBeNull();

    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'event.message-sent'));
    expect(audit.find((a) => a.entityId === String(event.id))).toMatchObject({
      actorId: admin.id,
      entityType: 'event',
      details: { messageId: sent.id, recipientCount: 2 },
    });
  });

  it('reaches only the chosen ticket types, and refunded holders only when asked', async () => {
    const { event, vipHolder, threeTickets, refunded, admin } = await eventWithHolders();
    const vipOnly = `VIP lounge ${unique()}`;
    expect(
      (await inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(vipOnly, { ticketTypes: ['VIP'] })))
        .statusCode,
    ).toBe(201);
    const withRefunded = `Refund info ${unique()}`;
    const preview = await inject(
      admin,
      'POST',
      `/api/admin/events/${event.id}/message/preview`,
      message(withRefunded, { includeRefunded: true }),
    );
    expect(preview.json<MessagePreview>().recipientCount).toBe(3);
    expect(
      (
        await inject(
          admin,
          'POST',
          `/api/admin/events/${event.id}/message`,
          message(withRefunded, { includeRefunded: true }),
        )
      ).statusCode,
    ).toBe(201);

    await runMessageJobs();
    expect((await mailsWith(vipOnly)).map((m) => m.to)).toEqual([vipHolder.email]);
    expect((await mailsWith(withRefunded)).map((m) => m.to).sort()).toEqual(
      [threeTickets.email, vipHolder.email, refunded.email].sort(),
    );
  });

  it('goes to the account’s current verified address, and never to an unverified or deleted one', async () => {
    const { event, threeTickets, vipHolder, refunded, admin } = await eventWithHolders();
    const moved = `moved_${unique()}@example.test`;
    await t.app.db.update(users).set({ email: moved }).where(eq(users.id, threeTickets.id));
    await t.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, vipHolder.id));
    await t.app.db.update(users).set({ deleted: true }).where(eq(users.id, refunded.id));
    const subject = `Address ${unique()}`;
    await inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(subject, { includeRefunded: true }));
    await runMessageJobs();
    expect((await mailsWith(subject)).map((m) => m.to)).toEqual([moved]);
  });

  it('never mails anyone twice when the job runs again, and mails the rest after a run that stopped half way', async () => {
    const { event, admin } = await eventWithHolders();
    const others = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    for (const fan of others) await issueTickets(t.app, fan, event.id, 2);
    const subject = `Retry ${unique()}`;
    const sent = (
      await inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(subject))
    ).json<SentEventMessage>();
    expect(sent.recipientCount).toBe(5);

    // A run that committed one batch and then died: two recipients marked sent with their mails queued.
    const first = await t.app.db
      .select()
      .from(eventMessageRecipients)
      .where(eq(eventMessageRecipients.messageId, sent.id))
      .orderBy(eventMessageRecipients.userId)
      .limit(2);
    for (const r of first) {
      await t.app.mail.sendRaw({ to: r.email, subject, text: 'first run', html: 'first run' });
      await t.app.db
        .update(eventMessageRecipients)
        .set({ sentAt: new Date() })
        .where(
          sql`${eventMessageRecipients.messageId} = ${sent.id} AND ${eventMessageRecipients.userId} = ${r.userId}`,
        );
    }
    await t.app.db.update(eventMessages).set({ sentCount: 2 }).where(eq(eventMessages.id, sent.id));

    // The retry mails the other three; running the job yet again mails nobody.
    await runMessageJobs();
    const job = ordersModule.jobs!.find((j) => j.name === ORDER_JOBS.sendEventMessage)!;
    await job.handle(t.app, { messageId: sent.id }, { id: 'again', retryCount: 1 });
    const mails = await mailsWith(subject);
    expect(mails).toHaveLength(5);
    expect(new Set(mails.map((m) => m.to)).size).toBe(5);
    const [row] = await t.app.db.select().from(eventMessages).where(eq(eventMessages.id, sent.id));
    expect(row).toMatchObject({ recipientCount: 5, sentCount: 5 });
    expect(row!.finishedAt).not.toBeNull();
  });

  it(`sends at a steady rate: ${EVENT_MESSAGE_RATE.batchSize} mails, then the next batch a second later`, async () => {
    const { event, admin } = await eventWithHolders();
    const fans = await Promise.all(Array.from({ length: EVENT_MESSAGE_RATE.batchSize }, () => createUser(t.app)));
    for (const fan of fans) await issueTickets(t.app, fan, event.id, 1);
    const subject = `Rate ${unique()}`;
    await inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(subject));
    const started = Date.now();
    await runMessageJobs();
    expect(Date.now() - started).toBeGreaterThanOrEqual(EVENT_MESSAGE_RATE.everyMs * 0.9);
    const mails = await mailsWith(subject);
    expect(mails).toHaveLength(EVENT_MESSAGE_RATE.batchSize + 2);
    const firstBatchEnd = mails[EVENT_MESSAGE_RATE.batchSize - 1]!.createdOn.getTime();
    const secondBatchStart = mails[EVENT_MESSAGE_RATE.batchSize]!.createdOn.getTime();
    expect(secondBatchStart - firstBatchEnd).toBeGreaterThanOrEqual(EVENT_MESSAGE_RATE.everyMs * 0.8);
  });

  it('sends a double-clicked message once', async () => {
    const { event, admin } = await eventWithHolders();
    const subject = `Double ${unique()}`;
    const [a, b] = await Promise.all([
      inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(subject)),
      inject(admin, 'POST', `/api/admin/events/${event.id}/message`, message(subject)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<SentEventMessage>().id).toBe(b.json<SentEventMessage>().id);
    await runMessageJobs();
    expect(await mailsWith(subject)).toHaveLength(2);
  });

  it('refuses a missing or too long subject or body with 400 naming the field, and records nothing', async () => {
    const { event, admin } = await eventWithHolders();
    const cases: [object, string, string][] = [
      [{ body: 'Hi' }, 'subject', ATTENDEE_MESSAGE_MESSAGES.subjectRequired],
      [{ subject: '   ', body: 'Hi' }, 'subject', ATTENDEE_MESSAGE_MESSAGES.subjectRequired],
      [
        { subject: 'x'.repeat(ATTENDEE_MESSAGE_SUBJECT_MAX + 1), body: 'Hi' },
        'subject',
        ATTENDEE_MESSAGE_MESSAGES.subjectTooLong,
      ],
      [{ subject: 'Two\r\nBcc: x@example.test', body: 'Hi' }, 'subject', ATTENDEE_MESSAGE_MESSAGES.subjectOneLine],
      [{ subject: 'Hi' }, 'body', ATTENDEE_MESSAGE_MESSAGES.bodyRequired],
      [
        { subject: 'Hi', body: 'x'.repeat(ATTENDEE_MESSAGE_BODY_MAX + 1) },
        'body',
        ATTENDEE_MESSAGE_MESSAGES.bodyTooLong,
      ],
      [
        { subject: 'Hi', body: 'Hi', ticketTypes: ['BACKSTAGE'] },
        'ticketTypes.0',
        ATTENDEE_MESSAGE_MESSAGES.ticketTypes,
      ],
      [{ subject: 'Hi', body: 'Hi', ticketTypes: [] }, 'ticketTypes', ATTENDEE_MESSAGE_MESSAGES.ticketTypes],
    ];
    for (const [payload, field, text] of cases) {
      for (const path of ['message', 'message/preview']) {
        const res = await inject(admin, 'POST', `/api/admin/events/${event.id}/${path}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors, JSON.stringify(payload)).toContainEqual({ field, message: text });
      }
    }
    // The longest allowed pass.
    const longest = await inject(admin, 'POST', `/api/admin/events/${event.id}/message/preview`, {
      subject: 'x'.repeat(ATTENDEE_MESSAGE_SUBJECT_MAX),
      body: 'y'.repeat(ATTENDEE_MESSAGE_BODY_MAX),
    });
    expect(longest.statusCode).toBe(200);
    expect(await t.app.db.select().from(eventMessages).where(eq(eventMessages.eventId, event.id))).toEqual([]);
  });

  it('answers 404 for an unknown event and 409 when nobody would receive the message', async () => {
    const admin = await createUser(t.app, { role: 'ADMIN' });
    const unknown = await inject(admin, 'POST', '/api/admin/events/987654321/message', message('Hello'));
    expect(unknown.statusCode).toBe(404);
    const empty = await createEvent(t.app);
    const none = await inject(admin, 'POST', `/api/admin/events/${empty.id}/message`, message('Hello'));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_RECIPIENTS', message: ATTENDEE_MESSAGE_MESSAGES.noRecipients });
    expect(await t.app.db.select().from(eventMessages).where(eq(eventMessages.eventId, empty.id))).toEqual([]);
  });

  it('is for ADMIN and MASTER only', async () => {
    const { event, threeTickets } = await eventWithHolders();
    const [master, worker] = await Promise.all([
      createUser(t.app, { role: 'MASTER' }),
      createUser(t.app, { role: 'EVENT_WORKER' }),
    ]);
    const url = `/api/admin/events/${event.id}/message`;
    expect((await inject(null, 'POST', url, message('x'))).statusCode).toBe(401);
    expect((await inject(threeTickets, 'POST', url, message('x'))).statusCode).toBe(403);
    expect((await inject(worker, 'GET', `/api/admin/events/${event.id}/messages`)).statusCode).toBe(403);
    expect((await inject(master, 'POST', `${url}/preview`, message('x'))).statusCode).toBe(200);
  });

  it('lets an admin send at most 10 messages an hour', async () => {
    const { event, admin } = await eventWithHolders();
    // The per-account limit counts every send of the admin whatever the address it comes from.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await inject(
        admin,
        'POST',
        `/api/admin/events/${event.id}/message`,
        message(`Limit ${i} ${unique()}`),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
