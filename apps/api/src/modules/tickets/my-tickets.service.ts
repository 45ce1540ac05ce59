import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { penceToPounds } from '@fourfour/shared/money';
import { type OwnedTicket, TICKET_MESSAGES } from '@fourfour/shared/tickets';
import { events, tickets } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { instantToLocal } from '../../lib/time.ts';
import { ticketQrPng } from './qr.ts';

const columns = { ticket: tickets, event: events };
type Row = { ticket: typeof tickets.$inferSelect; event: typeof events.$inferSelect };

function toOwnedTicket(row: Row, timeZone: string): OwnedTicket {
  const { ticket: t, event: e } = row;
  const start = e.startsAt ? instantToLocal(e.startsAt, timeZone) : null;
  const end = e.endsAt ? instantToLocal(e.endsAt, timeZone) : null;
  return {
    ticketId: t.id,
    eventId: e.id,
    eventTitle: e.title,
    eventDate: start?.date ?? null,
    startTime: start?.dateTime ?? null,
    endTime: end?.dateTime ?? null,
    startsAt: e.startsAt?.toISOString() ?? null,
    endsAt: e.endsAt?.toISOString() ?? null,
    location: e.location,
    ticketType: t.ticketType,
    status: t.status,
    firstName: t.firstName,
    lastName: t.lastName,
    dateOfBirth: t.dateOfBirth,
    pricePaid: penceToPounds(t.pricePaidPence),
    isFree: t.isFree,
    attendeeChangesAllowed: e.attendeeChangesAllowed,
  };
}

async function withQr(app: FastifyInstance, ticket: OwnedTicket): Promise<OwnedTicket> {
  // A void ticket admits nobody, so it shows no code.
  if (ticket.status === 'VOID') return ticket;
  const png = await ticketQrPng(
    {
      ticketId: ticket.ticketId,
      eventId: ticket.eventId,
      ticketType: ticket.ticketType,
      startsAt: ticket.startsAt ? new Date(ticket.startsAt) : null,
      endsAt: ticket.endsAt ? new Date(ticket.endsAt) : null,
    },
    app.config.ticketSigningKeyPem,
  );
  return { ...ticket, qrBase64: png.toString('base64') };
}

/** The caller's tickets: upcoming (not yet ended) unless includePast; soonest event first. */
export async function listMyTickets(
  app: FastifyInstance,
  userId: number,
  options: { includePast: boolean; includeQr: boolean },
): Promise<OwnedTicket[]> {
  const upcoming = or(isNull(events.startsAt), sql`coalesce(${events.endsAt}, ${events.startsAt}) > now()`);
  const rows = await app.db
    .select(columns)
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.userId, userId), options.includePast ? undefined : upcoming))
    .orderBy(
      options.includePast ? desc(events.startsAt) : sql`${events.startsAt} asc nulls last`,
      // Within an event, the latest purchase first (what the buyer just bought is on top).
      desc(tickets.createdAt),
      asc(tickets.ticketType),
      asc(tickets.id),
    );
  const list = rows.map((r) => toOwnedTicket(r, app.config.timezone));
  return options.includeQr ? Promise.all(list.map((t) => withQr(app, t))) : list;
}

/** One of the caller's tickets; another user's ticket is answered exactly like a missing one. */
export async function getMyTicket(
  app: FastifyInstance,
  userId: number,
  ticketId: string,
  includeQr: boolean,
): Promise<OwnedTicket> {
  const [row] = await app.db
    .select(columns)
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)));
  if (!row) throw notFound(TICKET_MESSAGES.ticketNotFound);
  const ticket = toOwnedTicket(row, app.config.timezone);
  return includeQr ? withQr(app, ticket) : ticket;
}
