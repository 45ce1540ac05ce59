import type { FastifyInstance } from 'fastify';
import {
  type AdminAttendeesPage,
  type AdminOrderDetail,
  type AdminOrdersPage,
  ORDER_HISTORY_TEXT,
  ORDER_MESSAGES,
  type OrderHistoryEntry,
} from '@fourfour/shared/orders';
import { notFound } from '../../lib/errors.ts';
import {
  findEventHeading,
  findOrderRow,
  type OrderListFilter,
  type OrderRow,
  type OrderTicketRow,
  pageAttendeeRows,
  pageOrderRows,
  selectBuyerMessages,
  selectOrderAudit,
  selectOrderRefunds,
  selectOrderScans,
  selectOrderTickets,
} from './orders.queries.ts';
import { iso, toAdminAttendee, toAdminOrderDetail, toAdminOrderSummary } from './orders.view.ts';

/** The back office's read side (issue 21): orders, one order's history, an event's attendees. */

/** GET /api/admin/orders: a page of orders, newest first, with their tickets (one query for the page's). */
export async function listOrders(
  app: FastifyInstance,
  query: OrderListFilter & { size: number; cursor?: string },
): Promise<AdminOrdersPage> {
  const page = await pageOrderRows(app.db, query, (row) => row);
  const ticketRows = await selectOrderTickets(
    app.db,
    page.content.map((o) => o.id),
  );
  const byOrder = new Map<string, OrderTicketRow[]>();
  for (const t of ticketRows) byOrder.set(t.orderId, [...(byOrder.get(t.orderId) ?? []), t]);
  return { ...page, content: page.content.map((o) => toAdminOrderSummary(o, byOrder.get(o.id) ?? [])) };
}

const actorOf = (id: number | string | null, username: string | null) =>
  id === null || id === undefined ? null : { id: Number(id), username };

type Named = { firstName?: unknown; lastName?: unknown } | undefined;

/**
 * What happened to the order, oldest first: placed, paid (or expired), emailed, resent, each scan
 * of its tickets, refunds, name changes and the event's messages to the buyer, each with who did it.
 */
async function orderHistory(
  app: FastifyInstance,
  order: OrderRow,
  orderTickets: readonly OrderTicketRow[],
): Promise<OrderHistoryEntry[]> {
  const ticketIds = orderTickets.map((t) => t.id);
  const nameOf = new Map(orderTickets.map((t) => [t.id, [t.firstName, t.lastName].filter(Boolean).join(' ')]));
  const [scans, audit, refunds, messages] = await Promise.all([
    selectOrderScans(app.db, order.eventId, ticketIds),
    selectOrderAudit(app.db, order.id, ticketIds),
    selectOrderRefunds(app.db, order.id),
    selectBuyerMessages(app.db, order.eventId, order.buyerId),
  ]);
  const buyer = actorOf(order.buyerId, order.buyerUsername);
  const entries: OrderHistoryEntry[] = [];
  const add = (at: Date | string | null, entry: Omit<OrderHistoryEntry, 'at'>) => {
    const when = iso(at);
    if (when) entries.push({ at: when, ...entry });
  };

  add(order.createdAt, {
    kind: 'RESERVED',
    text: ORDER_HISTORY_TEXT.RESERVED(orderTickets.length),
    actor: buyer,
    ticketId: null,
  });
  add(order.paidAt, {
    kind: 'PAID',
    text: ORDER_HISTORY_TEXT.PAID(order.amountPence, order.provider),
    actor: buyer,
    ticketId: null,
  });
  if (order.status === 'EXPIRED')
    add(order.createdAt, { kind: 'EXPIRED', text: ORDER_HISTORY_TEXT.EXPIRED, actor: null, ticketId: null });
  add(order.emailedAt, { kind: 'EMAILED', text: ORDER_HISTORY_TEXT.EMAILED, actor: null, ticketId: null });
  for (const s of scans) {
    add(s.at, {
      kind: 'SCANNED',
      text: ORDER_HISTORY_TEXT.SCANNED(nameOf.get(s.ticket_id) || 'A', s.result, s.device_name ?? s.device),
      actor: actorOf(s.actor_id, s.actor_username),
      ticketId: s.ticket_id,
    });
  }
  for (const a of audit) {
    const actor = actorOf(a.actor_id, a.actor_username);
    if (a.action === 'order.resent') {
      add(a.at, { kind: 'RESENT', text: ORDER_HISTORY_TEXT.RESENT, actor, ticketId: null });
    } else if (a.action === 'ticket.attendee-changed') {
      const d = a.details ?? {};
      add(a.at, {
        kind: 'NAME_CHANGED',
        text: ORDER_HISTORY_TEXT.NAME_CHANGED(d.from as Named, d.to as Named, String(d.by ?? 'ADMIN')),
        actor,
        ticketId: a.entity_id,
      });
    }
  }
  for (const r of refunds) {
    add(r.at, {
      kind: 'REFUND',
      text: ORDER_HISTORY_TEXT.REFUND(r.ticket_ids.length, r.amount_pence, r.status, r.reason),
      actor: actorOf(r.actor_id, r.actor_username),
      ticketId: r.ticket_ids.length === 1 ? (r.ticket_ids[0] ?? null) : null,
    });
  }
  // A whole-order refund (event cancelled, late payment, the provider's dashboard) has no refund row.
  if (order.status === 'REFUNDED' && refunds.length === 0)
    add(order.refundedAt, {
      kind: 'REFUNDED',
      text: ORDER_HISTORY_TEXT.REFUNDED(order.refundReason),
      actor: null,
      ticketId: null,
    });
  for (const m of messages) {
    add(m.at, {
      kind: 'MESSAGE_SENT',
      text: ORDER_HISTORY_TEXT.MESSAGE_SENT(m.subject, m.sent),
      actor: actorOf(m.actor_id, m.actor_username),
      ticketId: null,
    });
  }
  // Stable: entries at the same instant keep the order above (placed before paid before emailed).
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** GET /api/admin/orders/{id}. */
export async function getOrderDetail(app: FastifyInstance, id: string): Promise<AdminOrderDetail> {
  const order = await findOrderRow(app.db, id);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  const orderTickets = await selectOrderTickets(app.db, [order.id]);
  return toAdminOrderDetail(order, orderTickets, await orderHistory(app, order, orderTickets));
}

/** GET /api/admin/events/{id}/attendees. */
export async function listAttendees(
  app: FastifyInstance,
  query: { eventId: number; size: number; cursor?: string; q?: string },
): Promise<AdminAttendeesPage> {
  const event = await findEventHeading(app.db, query.eventId);
  if (!event) throw notFound(ORDER_MESSAGES.eventNotFound);
  const page = await pageAttendeeRows(app.db, query, toAdminAttendee);
  return { ...page, event: { id: event.id, title: event.title, startsAt: iso(event.startsAt) } };
}
