import { penceToPounds } from '@fourfour/shared/money';
import {
  type AdminAttendee,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type AdminOrderTicket,
  type AdminOrderTicketDetail,
  type OrderHistoryEntry,
  type OrderStatus,
  orderReference,
} from '@fourfour/shared/orders';
import type { AttendeeRow, OrderRow, OrderTicketRow } from './orders.queries.ts';

/** Database rows → the back office's answers. */

export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function toAdminOrderTicket(t: OrderTicketRow): AdminOrderTicket {
  return {
    id: t.id,
    ticketType: t.ticketType,
    firstName: t.firstName,
    lastName: t.lastName,
    status: t.status,
    price: penceToPounds(t.pricePaidPence),
    isFree: t.isFree,
  };
}

export function toAdminOrderTicketDetail(t: OrderTicketRow): AdminOrderTicketDetail {
  return { ...toAdminOrderTicket(t), dateOfBirth: t.dateOfBirth, usedAt: iso(t.usedAt), usedDevice: t.usedDevice };
}

export function toAdminOrderSummary(row: OrderRow, orderTickets: readonly OrderTicketRow[]): AdminOrderSummary {
  return {
    id: row.id,
    reference: orderReference(row.id),
    status: row.status as OrderStatus,
    buyer: { id: row.buyerId, username: row.buyerUsername, email: row.buyerEmail },
    event: { id: row.eventId, title: row.eventTitle, startsAt: iso(row.eventStartsAt) },
    tickets: orderTickets.map(toAdminOrderTicket),
    amount: penceToPounds(row.amountPence),
    // A full refund before issue 21 (event cancelled, late payment) did not count refunded_pence.
    refundedAmount: penceToPounds(row.status === 'REFUNDED' ? row.amountPence : row.refundedPence),
    currency: row.currency,
    provider: row.provider,
    affiliateCode: row.affiliateCode,
    createdAt: iso(row.createdAt) as string,
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
    emailedAt: iso(row.emailedAt),
  };
}

export function toAdminOrderDetail(
  row: OrderRow,
  orderTickets: readonly OrderTicketRow[],
  history: OrderHistoryEntry[],
): AdminOrderDetail {
  const summary = toAdminOrderSummary(row, orderTickets);
  return {
    ...summary,
    tickets: orderTickets.map(toAdminOrderTicketDetail),
    event: { ...summary.event, attendeeChangesAllowed: row.attendeeChangesAllowed },
    refundReason: row.refundReason,
    history,
  };
}

export function toAdminAttendee(row: AttendeeRow): AdminAttendee {
  return {
    ticketId: row.ticketId,
    firstName: row.firstName,
    lastName: row.lastName,
    ticketType: row.ticketType,
    status: row.status,
    admittedAt: iso(row.usedAt),
    orderId: row.orderId,
    orderReference: orderReference(row.orderId),
    buyerUsername: row.buyerUsername,
  };
}
