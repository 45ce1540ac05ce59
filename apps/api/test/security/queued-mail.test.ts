import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { registration } from '../../src/modules/auth/auth.test-kit.ts';
import { insertIssuedOrder } from '../../src/modules/tickets/issued-order.ts';
import { TICKET_JOBS } from '../../src/modules/tickets/tickets.jobs.ts';
import { ticketQrPng, ticketQrValue } from '../../src/modules/tickets/qr.ts';
import { createEvent, createUser } from '../factories.ts';
import type { TestApp } from '../helpers.ts';
import { createTestAppWithInbox, type SmtpInbox } from '../smtp-inbox.ts';

/**
 * Queued mail carries verification codes, reset links and ticket QR codes, and pg-boss keeps a job's
 * data for days after it ran: the queue holds every payload sealed (decisions.md, issue 16 item 12).
 * Mail goes through a real SMTP server started here, so what arrived is what was sent.
 */
let smtp: SmtpInbox;
let t: TestApp;

const mailTo = (to: string, nth = 1) => smtp.mailTo(to, nth);

/** Every mail job the queue holds, queued, running, completed or failed, as stored. */
async function queuedMailData(): Promise<string[]> {
  const res = await t.database.raw.query<{ data: string | null }>(
    "SELECT data::text AS data FROM pgboss.job WHERE name = 'mail.send'",
  );
  return res.rows.map((r) => r.data ?? '');
}

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, close } = await createTestAppWithInbox());
});
afterAll(() => close());

describe('mail waiting in the job queue', () => {
  it('holds no verification code or reset link in the queue, before or after sending, and the mail still arrives with them', async () => {
    const body = registration();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(201);
    const verification = await mailTo(body.email);
    const code = /^([A-HJ-NP-Z2-9]{8})\r?$/m.exec(verification)?.[1];
    expect(code).toBeTruthy();

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email },
    });
    expect(forgot.statusCode).toBe(200);
    const resetMail = await mailTo(body.email, 2);
    const token = /https:\/\/fourfour\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMail)?.[1];
    expect(token).toBeTruthy();

    const stored = await queuedMailData();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const data of stored) {
      expect(data).not.toContain(code);
      expect(data).not.toContain(token);
      expect(data).not.toContain(body.email);
      expect(data).not.toContain('reset-password');
    }
  });

  it('holds no ticket QR image or door code in the queue, and the buyer still gets the QR images', async () => {
    const buyer = await createUser(t.app);
    const event = await createEvent(t.app, { title: 'Sealed Night' });
    const [ticket] = await insertIssuedOrder(t.app.db, {
      userId: buyer.id,
      eventId: event.id,
      tickets: [
        { ticketType: 'STANDARD', firstName: 'Kaia', lastName: 'Moreno', dateOfBirth: '1996-04-12', pricePence: 2000 },
      ],
    });
    const [order] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id));
    await t.app.jobs.send(TICKET_JOBS.orderEmail, { orderId: order!.id });

    const mail = await mailTo(buyer.email);
    expect(mail).toContain('Sealed Night');
    expect(mail).toContain('filename=ticket-1-standard.png');
    // The ticket's QR as the buyer gets it (a version 2 code: ticket, event, type and entry window).
    const subject = {
      ticketId: ticket!.id,
      eventId: event.id,
      ticketType: 'STANDARD' as const,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    };
    const png = (await ticketQrPng(subject, t.app.config.ticketSigningKeyPem)).toString('base64');
    expect(mail.replace(/\r?\n/g, '')).toContain(png.slice(0, 200));

    const qrToken = ticketQrValue(subject, t.app.config.ticketSigningKeyPem);
    for (const data of await queuedMailData()) {
      expect(data).not.toContain(png.slice(100, 200));
      expect(data).not.toContain('image/png');
      expect(data).not.toContain(qrToken);
      expect(data).not.toContain('door code');
    }
  });

  it('still sends a mail queued in plain form before the queue sealed its payloads', async () => {
    const to = 'queued-before-deploy@example.test';
    await t.app.jobs.boss.send('mail.send', {
      to,
      subject: 'Queued before the deploy',
      text: 'Plain job data from an older release.',
      html: '<p>Plain job data from an older release.</p>',
    });
    const mail = await mailTo(to);
    expect(mail).toContain('Subject: Queued before the deploy');
    expect(mail).toContain('Plain job data from an older release.');
  });
});
