import type { AdminOrderDetail } from '@fourfour/shared/orders';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client.ts';
import { formatGbp } from '../../../lib/format.ts';
import { useRefundOrderTickets } from '../api/refund-order-tickets.ts';
import { attendeeName } from './status-badges.tsx';

/**
 * Refund some or all of an order's tickets: tick them, give a reason, see the amount, confirm. A
 * ticket already admitted needs "Refund admitted tickets too". The API refunds once however often
 * the button is pressed; a provider failure is shown here and changes nothing.
 */
export function RefundModal({
  order,
  opened,
  onClose,
}: {
  order: AdminOrderDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const refund = useRefundOrderTickets();
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [force, setForce] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setChosen([]);
    setReason('');
    setForce(false);
    setConfirming(false);
    refund.reset();
  }, [opened, refund.reset]);

  const picked = order.tickets.filter((t) => chosen.includes(t.id));
  const amount = picked.reduce((sum, t) => sum + (t.isFree ? 0 : t.price), 0);
  const admitted = picked.some((t) => t.status === 'USED');
  const ready = picked.length > 0 && reason.trim() !== '' && (!admitted || force);
  const toggle = (id: string, on: boolean) => {
    setConfirming(false);
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  };
  const submit = () =>
    refund.mutate({ orderId: order.id, ticketIds: chosen, reason, force }, { onSuccess: () => onClose() });

  return (
    <Modal opened={opened} onClose={onClose} title={`Refund tickets of order ${order.reference}`} centered radius="lg">
      <Stack gap="md">
        <Checkbox.Group label="Tickets to refund" value={chosen}>
          <Stack gap="xs" mt="xs">
            {order.tickets.map((t) => (
              <Checkbox
                key={t.id}
                value={t.id}
                checked={chosen.includes(t.id)}
                onChange={(e) => toggle(t.id, e.currentTarget.checked)}
                disabled={t.status === 'VOID'}
                label={`${attendeeName(t)} · ${t.ticketType === 'VIP' ? 'VIP' : 'Standard'} · ${t.isFree ? 'free' : formatGbp(t.price)}`}
                description={
                  t.status === 'VOID' ? 'Already void' : t.status === 'USED' ? 'Admitted at the door' : undefined
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label="Reason"
          description="Kept in the order's history; not sent to the buyer."
          placeholder="Bought two by mistake"
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setConfirming(false);
            setReason(e.currentTarget.value);
          }}
        />
        {admitted && (
          <Checkbox
            color="red"
            label="Refund admitted tickets too"
            description="A ticket already scanned at the door; refunding it voids it."
            checked={force}
            onChange={(e) => setForce(e.currentTarget.checked)}
          />
        )}
        <Text fw={700} data-testid="refund-amount">
          To refund: {formatGbp(amount)} for {picked.length} ticket{picked.length === 1 ? '' : 's'}
        </Text>
        {refund.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(refund.error)}
          </Alert>
        )}
        {confirming && !refund.isError && (
          <Alert color="orange" variant="light">
            Refund {formatGbp(amount)} to the buyer and void {picked.length} ticket{picked.length === 1 ? '' : 's'}?
            This cannot be undone; the buyer is emailed.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {confirming ? (
            <Button color="red" onClick={submit} loading={refund.isPending} disabled={!ready}>
              Yes, refund {formatGbp(amount)}
            </Button>
          ) : (
            <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={!ready}>
              Refund {formatGbp(amount)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
