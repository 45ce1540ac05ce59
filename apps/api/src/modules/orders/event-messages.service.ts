import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ATTENDEE_MESSAGE_LIST_MAX,
  ATTENDEE_MESSAGE_MESSAGES,
  type MessageAttendeesBody,
  type MessagePreview,
  type SentEventMessage,
  type SentEventMessages,
} from '@fourfour/shared/attendee-messages';
import { TICKET_TYPES, type TicketType } from '@fourfour/shared/enums';
import { EVENT_MESSAGES } from '@fourfour/shared/events';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, eventMessages, events, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { renderEventMessage } from './event-message.email.ts';
import { ORDER_JOBS } from './orders.jobs.ts';

/**
 * The pace of a message's mails: a batch every second. Steady rather than all at once, so a
 * provider's sending limits and reputation are spared and other mail (tickets, sign-in codes) is
 * not queued behind thousands of messages. 10 a second is 36,000 an hour.
 */
export const EVENT_MESSAGE_RATE = { batchSize: 10, everyMs: 1000 } as const;
/** One run of the job sends for this long, then hands over to a fresh job (a queue's job expires after 5 minutes). */
const SLICE_MS = 60_000;
/** The same message to the same event again within this time is the first one (a double click sends once). */
const REPEAT_WINDOW = '10 minutes';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface Audience {
  ticketTypes: TicketType[];
  includeRefunded: boolean;
}

const audienceOf = (body: MessageAttendeesBody): Audience => ({
  ticketTypes: TICKET_TYPES.filter((t) => !body.ticketTypes || body.ticketTypes.includes(t)),
  includeRefunded: body.includeRefunded ?? false,
});

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The accounts a message goes to, one row each however many tickets they hold: holders of a VALID
 * or USED ticket of the chosen types (VOID ones too when refunded holders are included), at their
 * current, verified address. A deleted account has no address to write to.
 */
function audienceSql(eventId: number, audience: Audience) {
  const statuses = audience.includeRefunded ? ['VALID', 'USED', 'VOID'] : ['VALID', 'USED'];
  // Driven by the event's tickets (tickets_event_idx), then each holder's row by its key: the cost
  // follows the event's size, not the number of accounts.
  return sql`
    SELECT u.id AS user_id, u.email AS email
    FROM (
      SELECT DISTINCT t.user_id FROM tickets t
      WHERE t.event_id = ${eventId}
        AND t.ticket_type::text IN (${list(audience.ticketTypes)})
        AND t.status::text IN (${list(statuses)})) holders
    JOIN users u ON u.id = holders.user_id
    WHERE u.email IS NOT NULL AND u.email_verified_at IS NOT NULL AND NOT u.deleted`;
}

async function loadEvent(db: DbOrTx, eventId: number) {
  const [event] = await db
    .select({ id: events.id, title: events.title, startsAt: events.startsAt })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}

/** What the message would be and how many accounts it would reach; sends nothing. */
export async function previewEventMessage(
  app: FastifyInstance,
  eventId: number,
  body: MessageAttendeesBody,
): Promise<MessagePreview> {
  const event = await loadEvent(app.db, eventId);
  const [row] = rowsOf<{ n: number }>(
    await app.db.execute(sql`SELECT count(*)::int AS n FROM (${audienceSql(eventId, audienceOf(body))}) a`),
  );
  const mail = renderEventMessage(event, body, app.config);
  return { recipientCount: Number(row?.n ?? 0), subject: mail.subject, text: mail.text };
}

/**
 * Records the message and its recipients (one row per account: the key deduplicates), audits it and
 * enqueues the job that mails them, all in one transaction: either everything is recorded and will
 * be sent, or nothing is. The same message sent again within REPEAT_WINDOW answers the first one.
 */
export async function sendEventMessage(
  app: FastifyInstance,
  actor: AuthUser,
  eventId: number,
  body: MessageAttendeesBody,
): Promise<SentEventMessage> {
  const audience = audienceOf(body);
  const messageId = await app.db.transaction(async (tx) => {
    await loadEvent(tx, eventId);
    // Two clicks of Send arrive together: the second waits here, then finds the first.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`orders.event-message:${eventId}`}, 0))`);
    const [repeat] = rowsOf<{ id: number | string }>(
      await tx.execute(sql`
        SELECT id FROM event_messages
        WHERE event_id = ${eventId} AND subject = ${body.subject} AND body = ${body.body}
          AND ticket_types = ${JSON.stringify(audience.ticketTypes)}::jsonb
          AND include_refunded = ${audience.includeRefunded}
          AND created_at > now() - ${REPEAT_WINDOW}::interval
        ORDER BY id DESC LIMIT 1`),
    );
    if (repeat) return Number(repeat.id);

    const [message] = await tx
      .insert(eventMessages)
      .values({
        eventId,
        subject: body.subject,
        body: body.body,
        ticketTypes: audience.ticketTypes,
        includeRefunded: audience.includeRefunded,
        recipientCount: 0,
        createdBy: actor.id,
      })
      .returning({ id: eventMessages.id });
    const id = message!.id;
    const [inserted] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        WITH added AS (
          INSERT INTO event_message_recipients (message_id, user_id, email)
          SELECT ${id}, a.user_id, a.email FROM (${audienceSql(eventId, audience)}) a
          ON CONFLICT DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS n FROM added`),
    );
    const recipientCount = Number(inserted?.n ?? 0);
    if (recipientCount === 0) throw conflict(ATTENDEE_MESSAGE_MESSAGES.noRecipients, 'NO_RECIPIENTS');
    await tx.update(eventMessages).set({ recipientCount }).where(eq(eventMessages.id, id));
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: 'event.message-sent',
      entityType: 'event',
      entityId: String(eventId),
      details: { messageId: id, recipientCount },
    });
    await app.jobs.send(ORDER_JOBS.sendEventMessage, { messageId: id }, { tx });
    return id;
  });
  app.log.info({ eventId, messageId }, 'event message queued');
  const [sent] = await selectMessages(app.db, eventId, messageId);
  return sent!;
}

/** The event, and the messages sent for it, newest first, with how far each has got. */
export async function listEventMessages(app: FastifyInstance, eventId: number): Promise<SentEventMessages> {
  const event = await loadEvent(app.db, eventId);
  return {
    event: { id: event.id, title: event.title, startsAt: event.startsAt?.toISOString() ?? null },
    messages: await selectMessages(app.db, eventId),
  };
}

async function selectMessages(db: DbOrTx, eventId: number, messageId?: number): Promise<SentEventMessage[]> {
  const rows = await db
    .select({ message: eventMessages, sentBy: users.username })
    .from(eventMessages)
    .leftJoin(users, eq(users.id, eventMessages.createdBy))
    .where(
      messageId === undefined
        ? eq(eventMessages.eventId, eventId)
        : sql`${eventMessages.eventId} = ${eventId} AND ${eventMessages.id} = ${messageId}`,
    )
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id))
    .limit(ATTENDEE_MESSAGE_LIST_MAX);
  return rows.map(({ message: m, sentBy }) => ({
    id: m.id,
    subject: m.subject,
    body: m.body,
    ticketTypes: m.ticketTypes,
    includeRefunded: m.includeRefunded,
    recipientCount: m.recipientCount,
    sentCount: m.sentCount,
    sentBy,
    createdAt: m.createdAt.toISOString(),
    finishedAt: m.finishedAt?.toISOString() ?? null,
  }));
}

/**
 * Mails the next batch of a message's unsent recipients, in one transaction: the mails are queued
 * (the mail queue delivers them, retrying SMTP failures) and the recipients marked sent together, so
 * a crash before the commit mails none of them and a crash after it loses none. Rows another run is
 * sending are skipped, not waited for. Answers how many are still unsent.
 */
async function mailNextBatch(app: FastifyInstance, messageId: number): Promise<number> {
  return app.db.transaction(async (tx) => {
    const [message] = await tx
      .select({ subject: eventMessages.subject, body: eventMessages.body, eventId: eventMessages.eventId })
      .from(eventMessages)
      .where(eq(eventMessages.id, messageId));
    if (!message) return 0;
    const batch = rowsOf<{ user_id: number | string; email: string }>(
      await tx.execute(sql`
        SELECT user_id, email FROM event_message_recipients
        WHERE message_id = ${messageId} AND sent_at IS NULL
        ORDER BY user_id LIMIT ${EVENT_MESSAGE_RATE.batchSize}
        FOR UPDATE SKIP LOCKED`),
    );
    if (batch.length > 0) {
      const mail = renderEventMessage(await loadEvent(tx, message.eventId), message, app.config);
      for (const r of batch) await app.mail.sendRaw({ to: r.email, ...mail }, { tx });
      const ids = batch.map((r) => String(r.user_id));
      await tx.execute(sql`
        UPDATE event_message_recipients SET sent_at = now()
        WHERE message_id = ${messageId} AND user_id::text IN (${list(ids)})`);
    }
    const [left] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        SELECT count(*)::int AS n FROM event_message_recipients WHERE message_id = ${messageId} AND sent_at IS NULL`),
    );
    const remaining = Number(left?.n ?? 0);
    await tx.execute(sql`
      UPDATE event_messages SET sent_count = sent_count + ${batch.length},
        finished_at = CASE WHEN ${remaining === 0} THEN coalesce(finished_at, now()) ELSE finished_at END
      WHERE id = ${messageId}`);
    return remaining;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The job: mails a message's unsent recipients a batch at a time at EVENT_MESSAGE_RATE. Run again
 * (a retry, a second instance), it mails only those not yet marked sent. After SLICE_MS it hands the
 * rest to a new job rather than run past the queue's expiry.
 */
export async function deliverEventMessage(app: FastifyInstance, messageId: number): Promise<void> {
  const sliceEnds = Date.now() + SLICE_MS;
  for (;;) {
    const started = Date.now();
    const remaining = await mailNextBatch(app, messageId);
    if (remaining === 0) return;
    if (Date.now() >= sliceEnds) {
      await app.jobs.send(ORDER_JOBS.sendEventMessage, { messageId }, { startAfter: 1 });
      return;
    }
    await sleep(Math.max(0, EVENT_MESSAGE_RATE.everyMs - (Date.now() - started)));
  }
}
