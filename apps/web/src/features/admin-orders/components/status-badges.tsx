import { ORDER_STATUS_LABELS, type OrderStatus } from '@fourfour/shared/orders';
import type { TicketStatus } from '@fourfour/shared/enums';
import { Badge } from '@mantine/core';

const ORDER_COLORS: Record<OrderStatus, string> = {
  PENDING: 'gray',
  PAID: 'teal',
  EXPIRED: 'gray',
  REFUND_PENDING: 'orange',
  REFUNDED: 'red',
};

export function OrderStatusBadge({ status, partlyRefunded }: { status: OrderStatus; partlyRefunded?: boolean }) {
  return (
    <Badge color={ORDER_COLORS[status]} variant="light">
      {partlyRefunded && status === 'PAID' ? 'Paid, part refunded' : ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

const TICKET_LABELS: Record<TicketStatus, { label: string; color: string }> = {
  VALID: { label: 'Valid', color: 'teal' },
  USED: { label: 'Admitted', color: 'blue' },
  VOID: { label: 'Void', color: 'red' },
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { label, color } = TICKET_LABELS[status];
  return (
    <Badge color={color} variant="outline" size="sm">
      {label}
    </Badge>
  );
}

/** "Zoë Ångström", or a dash once the name was purged after the event. */
export const attendeeName = (t: { firstName: string | null; lastName: string | null }) =>
  [t.firstName, t.lastName].filter(Boolean).join(' ') || '—';
