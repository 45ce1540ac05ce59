import type { FastifyInstance } from 'fastify';
import { EVENT_MESSAGES, type EventStats } from '@fourfour/shared/events';
import { penceToPounds } from '@fourfour/shared/money';
import { notFound } from '../../lib/errors.ts';
import { findEventRowWithStock, selectEventStats } from './events.queries.ts';

/** Stats: one event's sales figures for the admin. */
export async function getEventStats(app: FastifyInstance, eventId: number): Promise<EventStats> {
  const event = await findEventRowWithStock(app.db, eventId);
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  const s = await selectEventStats(app.db, eventId);
  return {
    totalTicketsSold: s.total,
    standardTicketsSold: s.standard,
    vipTicketsSold: s.vip,
    totalRevenue: penceToPounds(s.revenuePence),
  };
}
