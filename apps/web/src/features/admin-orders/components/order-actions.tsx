import { attendeeChangeBlocker } from '@fourfour/shared/attendee-change';
import type { AdminOrderDetail, AdminOrderTicketDetail } from '@fourfour/shared/orders';
import { Alert, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconMailForward, IconReceiptRefund, IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { AttendeeFormModal } from '../../../components/attendee-form-modal.tsx';
import { errorMessageOf } from '../../../lib/api-client.ts';
import { useChangeAttendee } from '../api/change-attendee.ts';
import { useResendOrderTickets } from '../api/resend-order-tickets.ts';
import { attendeeName } from './status-badges.tsx';
import { RefundModal } from './order-actions-refund.tsx';

/** "VIP · Zoë Ångström". */
export const ticketLabel = (t: AdminOrderTicketDetail) =>
  `${t.ticketType === 'VIP' ? 'VIP' : 'Standard'} · ${attendeeName(t)}`;

function ResendButton({ order }: { order: AdminOrderDetail }) {
  const resend = useResendOrderTickets();
  const paid = order.status === 'PAID';
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        leftSection={<IconMailForward size={16} />}
        onClick={() => resend.mutate(order.id)}
        loading={resend.isPending}
        disabled={!paid}
      >
        Resend tickets
      </Button>
      {resend.isSuccess && (
        <Text size="xs" c="teal.4" role="status">
          Sent again to {resend.data.email}
        </Text>
      )}
      {resend.isError && (
        <Text size="xs" c="red.4" role="alert">
          {errorMessageOf(resend.error)}
        </Text>
      )}
    </Stack>
  );
}

function ChangeNameMenu({ order }: { order: AdminOrderDetail }) {
  const [editing, setEditing] = useState<AdminOrderTicketDetail | null>(null);
  const change = useChangeAttendee();
  const blockerOf = (t: AdminOrderTicketDetail) =>
    attendeeChangeBlocker(
      {
        ticketStatus: t.status,
        startsAt: order.event.startsAt,
        attendeeChangesAllowed: order.event.attendeeChangesAllowed,
      },
      'ADMIN',
    );
  const open = (t: AdminOrderTicketDetail) => {
    change.reset();
    setEditing(t);
  };
  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="light" leftSection={<IconUserEdit size={16} />} rightSection={<IconChevronDown size={14} />}>
            Change name
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Which ticket?</Menu.Label>
          {order.tickets.map((t) => {
            const blocker = blockerOf(t);
            return (
              <Menu.Item key={t.id} onClick={() => open(t)} disabled={!!blocker} title={blocker ?? undefined}>
                <Text size="sm">{ticketLabel(t)}</Text>
                {blocker && (
                  <Text size="xs" c="dimmed" maw={280}>
                    {blocker}
                  </Text>
                )}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <AttendeeFormModal
        opened={!!editing}
        onClose={() => setEditing(null)}
        initial={editing ?? { firstName: null, lastName: null, dateOfBirth: null }}
        description={editing ? `${ticketLabel(editing)}, order ${order.reference}` : ''}
        saving={change.isPending}
        error={change.error}
        onSave={(values) =>
          editing && change.mutate({ ticketId: editing.id, ...values }, { onSuccess: () => setEditing(null) })
        }
      />
    </>
  );
}

/**
 * The order page's actions (issue 21): send the tickets again, change an attendee's name, refund
 * some or all of the tickets. Each one is audited and emailed to the buyer by the API; the order is
 * read again after each.
 */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const [refunding, setRefunding] = useState(false);
  const refundable = order.status === 'PAID' && order.tickets.some((t) => t.status !== 'VOID');
  return (
    <Paper withBorder radius="md" p="md" data-testid="order-actions">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Actions
        </Title>
        <Group gap="sm" align="flex-start">
          <ResendButton order={order} />
          <ChangeNameMenu order={order} />
          <Button
            variant="light"
            color="red"
            leftSection={<IconReceiptRefund size={16} />}
            onClick={() => setRefunding(true)}
            disabled={!refundable}
          >
            Refund tickets
          </Button>
        </Group>
        {order.status !== 'PAID' && (
          <Alert color="gray" variant="light">
            Only a paid order can have its tickets resent or refunded.
          </Alert>
        )}
      </Stack>
      <RefundModal order={order} opened={refunding} onClose={() => setRefunding(false)} />
    </Paper>
  );
}
