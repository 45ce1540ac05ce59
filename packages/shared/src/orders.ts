import { z } from 'zod';
import { TICKET_STATUSES, TICKET_TYPES } from './enums.ts';
import { formatPounds } from './money.ts';
import { CursorPage, cursorQuery } from './paging.ts';

/**
 * The promoter's back office (issue 21), read side: the order list, one order with its history, and
 * an event's attendees. Shapes, limits and messages shared by the API and the admin screens.
 */

/** PENDING -> PAID | EXPIRED; PAID -> REFUND_PENDING -> REFUNDED (a partial refund keeps PAID). */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'EXPIRED', 'REFUND_PENDING', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Awaiting payment',
  PAID: 'Paid',
  EXPIRED: 'Expired',
  REFUND_PENDING: 'Refund pending',
  REFUNDED: 'Refunded',
};

/** An order's short reference: the first 8 characters of its id, upper-cased ("3F9A0C12"). */
export const ORDER_REFERENCE_LENGTH = 8;
export function orderReference(id: string): string {
  return id.slice(0, ORDER_REFERENCE_LENGTH).toUpperCase();
}

/**
 * The id range of the orders whose reference starts with `text` (3 to 8 hex digits, a leading "#"
 * allowed, any case): [low, high] for a range scan on the primary key; null when `text` is no
 * reference.
 */
export function referenceRange(text: string): { low: string; high: string } | null {
  const match = /^#?([0-9a-f]{3,8})$/i.exec(text.trim());
  if (!match) return null;
  const prefix = match[1]!.toLowerCase();
  const pad = (c: string) =>
    `${prefix}${c.repeat(8 - prefix.length)}-${c.repeat(4)}-${c.repeat(4)}-${c.repeat(4)}-${c.repeat(12)}`;
  return { low: pad('0'), high: pad('f') };
}

/**
 * A search needs 3 characters: name, email and username matches go through trigram indexes, which
 * cannot narrow a shorter text (a 2-letter search would read every ticket).
 */
export const ORDER_SEARCH_MIN = 3;
export const ORDER_SEARCH_MAX = 100;

export const ORDER_MESSAGES = {
  orderNotFound: 'Order not found.',
  eventNotFound: 'Event not found.',
  orderId: 'Order id must be a UUID.',
  eventId: 'Event id must be a positive whole number.',
  searchLength: `Type at least ${ORDER_SEARCH_MIN} characters to search (at most ${ORDER_SEARCH_MAX}).`,
  status: `Status must be one of ${ORDER_STATUSES.join(', ')}.`,
  searchPlaceholder: 'Name, email, username or order reference',
  attendeeSearchPlaceholder: 'Attendee name or order reference',
  noOrders: 'No orders match.',
  noAttendees: 'No attendees match.',
  ordersLoadFailed: 'Failed to load orders.',
  orderLoadFailed: 'Failed to load the order.',
  attendeesLoadFailed: 'Failed to load attendees.',
} as const;

// ---------- history ----------

export const ORDER_HISTORY_KINDS = [
  'RESERVED',
  'PAID',
  'EXPIRED',
  'EMAILED',
  'RESENT',
  'SCANNED',
  'REFUND',
  'REFUNDED',
  'NAME_CHANGED',
  'MESSAGE_SENT',
] as const;
export type OrderHistoryKind = (typeof ORDER_HISTORY_KINDS)[number];

const fullName = (n: { firstName?: unknown; lastName?: unknown } | undefined) =>
  [n?.firstName, n?.lastName].filter((p) => typeof p === 'string' && p).join(' ') || '(no name)';

/** What each history entry says (the API writes `text` with these; the screen shows it as is). */
export const ORDER_HISTORY_TEXT = {
  RESERVED: (tickets: number) => `Order placed for ${tickets} ticket${tickets === 1 ? '' : 's'}`,
  PAID: (amountPence: number, provider: string) =>
    amountPence === 0 ? 'Free tickets issued' : `Paid ${formatPounds(amountPence / 100)} (${provider})`,
  EXPIRED: 'Checkout expired unpaid',
  EMAILED: 'Ticket email sent to the buyer',
  RESENT: 'Ticket email resent from the back office',
  SCANNED: (attendee: string, result: string, device: string | null) =>
    `${attendee}'s ticket scanned: ${result}${device ? ` on ${device}` : ''}`,
  REFUND: (tickets: number, amountPence: number, status: string, reason: string) =>
    `Refund of ${tickets} ticket${tickets === 1 ? '' : 's'} (${formatPounds(amountPence / 100)}): ${status.toLowerCase()}${reason ? ` — ${reason}` : ''}`,
  REFUNDED: (reason: string | null) =>
    `Order refunded in full${reason ? ` (${reason.toLowerCase().replace(/_/g, ' ')})` : ''}`,
  NAME_CHANGED: (
    from: { firstName?: unknown; lastName?: unknown } | undefined,
    to: { firstName?: unknown; lastName?: unknown } | undefined,
    by: string,
  ) => `Attendee name changed from ${fullName(from)} to ${fullName(to)}${by === 'FAN' ? ' by the buyer' : ''}`,
  MESSAGE_SENT: (subject: string, sent: boolean) => `Message "${subject}" ${sent ? 'sent' : 'queued'} to the buyer`,
} as const;

export const OrderHistoryEntry = z.object({
  /** ISO instant. */
  at: z.string(),
  kind: z.enum(ORDER_HISTORY_KINDS),
  text: z.string(),
  /** Who did it (null: the system, a job or the provider). */
  actor: z.object({ id: z.number(), username: z.string().nullable() }).nullable(),
  /** The ticket it is about, when it is about one. */
  ticketId: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

// ---------- answers ----------

export const AdminOrderTicket = z.object({
  id: z.string(),
  ticketType: z.enum(TICKET_TYPES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  /** Pounds. */
  price: z.number(),
  isFree: z.boolean(),
});
export type AdminOrderTicket = z.infer<typeof AdminOrderTicket>;

export const AdminOrderSummary = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  buyer: z.object({ id: z.number(), username: z.string().nullable(), email: z.string().nullable() }),
  event: z.object({ id: z.number(), title: z.string(), startsAt: z.string().nullable() }),
  tickets: z.array(AdminOrderTicket),
  /** Pounds. */
  amount: z.number(),
  /** Pounds paid back so far (partial refunds; the whole amount once REFUNDED). */
  refundedAmount: z.number(),
  currency: z.string(),
  /** The payment provider: 'stripe', 'local' (the demo's), or 'none' for a free order. */
  provider: z.string(),
  affiliateCode: z.string().nullable(),
  /** ISO instants. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  emailedAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

/** A ticket on the order page: the summary's, with what the name-change form and the door need. */
export const AdminOrderTicketDetail = AdminOrderTicket.extend({
  dateOfBirth: z.string().nullable(),
  /** When it was admitted (ISO), and on which device. */
  usedAt: z.string().nullable(),
  usedDevice: z.string().nullable(),
});
export type AdminOrderTicketDetail = z.infer<typeof AdminOrderTicketDetail>;

/** GET /api/admin/orders/{id}: the order, its tickets and its history (oldest first). */
export const AdminOrderDetail = AdminOrderSummary.extend({
  tickets: z.array(AdminOrderTicketDetail),
  event: AdminOrderSummary.shape.event.extend({ attendeeChangesAllowed: z.boolean() }),
  refundReason: z.string().nullable(),
  history: z.array(OrderHistoryEntry),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminAttendee = z.object({
  ticketId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  ticketType: z.enum(TICKET_TYPES),
  status: z.enum(TICKET_STATUSES),
  /** ISO instant of admission, null until scanned. */
  admittedAt: z.string().nullable(),
  orderId: z.string(),
  orderReference: z.string(),
  buyerUsername: z.string().nullable(),
});
export type AdminAttendee = z.infer<typeof AdminAttendee>;

// ---------- requests ----------

/** `q`: 3 to 100 characters once trimmed; empty means no search. */
export const orderSearchParam = () =>
  z
    .string()
    .trim()
    .refine(
      (s) => s === '' || (s.length >= ORDER_SEARCH_MIN && s.length <= ORDER_SEARCH_MAX),
      ORDER_MESSAGES.searchLength,
    )
    .optional();

export const AdminOrdersQuery = cursorQuery(
  {},
  {
    eventId: z.coerce
      .number({ message: ORDER_MESSAGES.eventId })
      .int(ORDER_MESSAGES.eventId)
      .positive(ORDER_MESSAGES.eventId)
      .max(Number.MAX_SAFE_INTEGER, ORDER_MESSAGES.eventId)
      .optional(),
    q: orderSearchParam(),
    status: z.enum(ORDER_STATUSES, { message: ORDER_MESSAGES.status }).optional(),
  },
);
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;
/**
 * The order list counts its matches up to this many and stops (totalElements = the cap means "at
 * least"): counting every one of 800,000 orders on each page would cost more than the page.
 */
export const ORDER_COUNT_CAP = 10_000;
/**
 * A search across every event counts its matching orders up to this many (issue 19): finding
 * "smith" among three years of orders means reading thousands of matches, more than the page
 * itself costs, so the count stops once it has proved there are at least this many.
 */
export const ORDER_SEARCH_COUNT_CAP = 100;

/** Where the order list's count stops for these filters (totalElements = the cap means "at least"). */
export function orderCountCap(filter: { q?: string; eventId?: number; status?: string }): number {
  return filter.q?.trim() && filter.eventId === undefined && filter.status === undefined
    ? ORDER_SEARCH_COUNT_CAP
    : ORDER_COUNT_CAP;
}
export const AdminOrdersPage = CursorPage(AdminOrderSummary);
export type AdminOrdersPage = z.infer<typeof AdminOrdersPage>;

export const OrderIdParams = z.object({ id: z.uuid({ message: ORDER_MESSAGES.orderId }) });
export type OrderIdParams = z.infer<typeof OrderIdParams>;

export const AttendeeEventParams = z.object({
  id: z.coerce
    .number({ message: ORDER_MESSAGES.eventId })
    .int(ORDER_MESSAGES.eventId)
    .positive(ORDER_MESSAGES.eventId)
    .max(Number.MAX_SAFE_INTEGER, ORDER_MESSAGES.eventId),
});

/** GET /api/admin/events/{id}/attendees: by last name, then first name; `q` as the order list's. */
export const AdminAttendeesQuery = cursorQuery({ max: 500, default: 100 }, { q: orderSearchParam() });
export type AdminAttendeesQuery = z.input<typeof AdminAttendeesQuery>;
/** The page, with the event it lists (the printed list's heading). */
export const AdminAttendeesPage = CursorPage(AdminAttendee).extend({
  event: z.object({ id: z.number(), title: z.string(), startsAt: z.string().nullable() }),
});
export type AdminAttendeesPage = z.infer<typeof AdminAttendeesPage>;
