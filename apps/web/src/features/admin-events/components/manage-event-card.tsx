import { type AdminEvent, EVENT_MESSAGES, type EventDisplayState } from '@fourfour/shared/events';
import {
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Group,
  Image,
  Modal,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconDoorEnter, IconMail, IconMapPin, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { formatGbp, formatLocalDate, formatLocalTime } from '../../../lib/format.ts';
import { useCancelEvent } from '../api/cancel-event.ts';
import { useEventStats } from '../api/get-event-stats.ts';
import { useUpdateEventPrices } from '../api/update-event-prices.ts';
import { DISPLAY_STATE_BADGE } from '../display-state.ts';

function whenText(e: AdminEvent): string {
  if (!e.date) return 'No date yet';
  const start = e.startTime ? formatLocalTime(e.startTime) : '';
  const end = e.endTime ? `–${formatLocalTime(e.endTime)}` : '';
  return `${formatLocalDate(e.date)}${start ? ` · ${start}${end}` : ''}`;
}

function Stats({ eventId }: { eventId: number }) {
  const stats = useEventStats(eventId);
  if (stats.isPending)
    return (
      <Text size="sm" c="dimmed">
        Loading sales…
      </Text>
    );
  if (stats.isError)
    return (
      <Text size="sm" c="red.4">
        {EVENT_MESSAGES.statsFailed}
      </Text>
    );
  const s = stats.data;
  return (
    <Group gap="lg" data-testid="event-stats">
      <Text size="sm">
        <b>{s.totalTicketsSold}</b> sold
      </Text>
      <Text size="sm" c="dimmed">
        Standard {s.standardTicketsSold} · VIP {s.vipTicketsSold}
      </Text>
      <Text size="sm">
        Revenue <b>{formatGbp(s.totalRevenue)}</b>
      </Text>
    </Group>
  );
}

function PriceEditor({ event, onDone }: { event: AdminEvent; onDone(): void }) {
  const update = useUpdateEventPrices();
  const [standard, setStandard] = useState<number | string>(event.standardTicketPrice);
  const [vip, setVip] = useState<number | string>(event.vipTicketPrice);
  const [error, setError] = useState<string | null>(null);
  // Empty values are sent as 0 (spec).
  const pounds = (v: number | string) => (v === '' || Number.isNaN(Number(v)) ? 0 : Number(v));
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        id: event.id,
        prices: { standardTicketPrice: pounds(standard), vipTicketPrice: pounds(vip) },
      });
      onDone();
    } catch (err) {
      setError(serverMessageOf(err) ?? EVENT_MESSAGES.pricesFailed);
    }
  };
  const common = {
    min: 0,
    step: 0.01,
    decimalScale: 2,
    fixedDecimalScale: true,
    allowNegative: false,
    prefix: '£',
    w: 150,
  } as const;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <NumberInput label="Standard price" value={standard} onChange={setStandard} {...common} />
        <NumberInput label="VIP price" value={vip} onChange={setVip} {...common} />
        <Button onClick={() => void save()} loading={update.isPending}>
          {update.isPending ? 'Updating…' : 'Save prices'}
        </Button>
        <Button variant="default" onClick={onDone} disabled={update.isPending}>
          Close
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.4" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** One event on Manage Events: state, stock, sales, and the actions the spec allows. */
export function ManageEventCard({ event, state }: { event: AdminEvent; state: EventDisplayState }) {
  const cancel = useCancelEvent();
  const [editingPrices, setEditingPrices] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const badge = DISPLAY_STATE_BADGE[state];
  const canAct = state !== 'PAST' && state !== 'CANCELLED';

  const confirmCancel = async () => {
    setError(null);
    try {
      await cancel.mutateAsync(event.id);
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      setError(serverMessageOf(err) ?? EVENT_MESSAGES.cancelFailed);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={`admin-event-${event.id}`}>
      <Flex gap="md" direction={{ base: 'column', sm: 'row' }}>
        <Box w={{ base: '100%', sm: 220 }} style={{ flexShrink: 0 }}>
          <AspectRatio ratio={16 / 9}>
            <Image src={event.imageUrl} alt="" radius="md" loading="lazy" />
          </AspectRatio>
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
            {event.status === 'PUBLISHED' && !event.cancelled && (
              <Badge color="gray" variant="outline">
                Published
              </Badge>
            )}
            {event.organiserName && (
              <Badge color="blue" variant="outline">
                {event.organiserName}
              </Badge>
            )}
          </Group>
          <Title order={2} size="h4" id={`admin-event-${event.id}`}>
            {event.title}
          </Title>
          <Group gap="md" c="dimmed">
            <Group gap={4} wrap="nowrap">
              <IconCalendarEvent size={15} aria-hidden />
              <Text size="sm">{whenText(event)}</Text>
            </Group>
            {event.location && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={15} aria-hidden />
                <Text size="sm">{event.location}</Text>
              </Group>
            )}
          </Group>
          <Text size="sm">
            Standard {formatGbp(event.standardTicketPrice)} ({event.remainingStandardTickets} of{' '}
            {event.totalStandardTickets} left) · VIP {formatGbp(event.vipTicketPrice)} ({event.remainingVipTickets} of{' '}
            {event.totalVipTickets} left)
          </Text>
          <Stats eventId={event.id} />
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/admin/events/${event.id}/door`}
              leftSection={<IconDoorEnter size={15} aria-hidden />}
            >
              Door view
            </Button>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/admin/events/${event.id}/orders`}
              leftSection={<IconReceipt size={15} aria-hidden />}
            >
              Orders
            </Button>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/admin/events/${event.id}/attendees`}
              leftSection={<IconUsers size={15} aria-hidden />}
            >
              Attendees
            </Button>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/admin/events/${event.id}/message`}
              leftSection={<IconMail size={15} aria-hidden />}
            >
              Message attendees
            </Button>
          </Group>
          {error && (
            <Alert color="red" role="alert" py={6}>
              {error}
            </Alert>
          )}
          {canAct && editingPrices && <PriceEditor event={event} onDone={() => setEditingPrices(false)} />}
          {canAct && !editingPrices && (
            <Group gap="xs" mt={4}>
              {event.status === 'PLANNED' && (
                <Button size="xs" component={Link} to={`/admin/events/${event.id}/edit?publish=1`}>
                  Publish
                </Button>
              )}
              <Button size="xs" variant="light" component={Link} to={`/admin/events/${event.id}/edit`}>
                Edit Details
              </Button>
              <Button size="xs" variant="light" onClick={() => setEditingPrices(true)}>
                Edit Prices
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Cancel Event
              </Button>
            </Group>
          )}
        </Stack>
      </Flex>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel event" centered>
        <Stack>
          <Text>{EVENT_MESSAGES.cancelConfirm}</Text>
          <Text size="sm" c="dimmed">
            {event.organiserName
              ? 'Ticket holders will be told; refunds are up to the organiser.'
              : 'Every paid ticket will be refunded and holders emailed.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep event
            </Button>
            <Button color="red" onClick={() => void confirmCancel()} loading={cancel.isPending}>
              Cancel event
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
