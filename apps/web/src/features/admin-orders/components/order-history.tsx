import type { OrderHistoryEntry } from '@fourfour/shared/orders';
import { Text, Timeline } from '@mantine/core';
import {
  IconCash,
  IconMail,
  IconMailForward,
  IconMessage,
  IconPencil,
  IconReceiptRefund,
  IconScan,
  IconShoppingCart,
  IconClockX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatDateTime } from '../../../lib/format.ts';

const ICONS: Record<OrderHistoryEntry['kind'], ComponentType<{ size?: number }>> = {
  RESERVED: IconShoppingCart,
  PAID: IconCash,
  EXPIRED: IconClockX,
  EMAILED: IconMail,
  RESENT: IconMailForward,
  SCANNED: IconScan,
  REFUND: IconReceiptRefund,
  REFUNDED: IconReceiptRefund,
  NAME_CHANGED: IconPencil,
  MESSAGE_SENT: IconMessage,
};

/** The order's history, oldest first: what happened, when, and who did it. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <Timeline bulletSize={26} lineWidth={2} active={history.length - 1} data-testid="order-history">
      {history.map((h) => {
        const Icon = ICONS[h.kind];
        return (
          <Timeline.Item
            key={`${h.kind}-${h.at}-${h.ticketId ?? ''}-${h.text}`}
            bullet={<Icon size={14} />}
            title={h.text}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(h.at)}
              {h.actor ? ` · by ${h.actor.username ?? `account #${h.actor.id}`}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
