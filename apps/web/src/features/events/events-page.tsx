import { EVENT_BADGES, EVENT_LIST_MESSAGES } from '@fourfour/shared/event-list-messages';
import type { EventSummary } from '@fourfour/shared/events';
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconMapPin, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatGbp, formatLocalDate, formatLocalTime } from '../../lib/format.ts';
import { useEvents } from './api/get-events.ts';
import { useTicketsPerEvent } from './api/get-tickets-per-event.ts';
import { eventBadges, purchaseState, upcomingEvents } from './event-rules.ts';

const BADGE_COLOURS: Record<string, string> = {
  [EVENT_BADGES.comingSoon]: 'violet',
  [EVENT_BADGES.cancelled]: 'red',
  [EVENT_BADGES.soldOut]: 'gray',
  [EVENT_BADGES.lastTickets]: 'orange',
};

function whenText(e: EventSummary): string {
  if (!e.date) return 'Date to be announced';
  const start = e.startTime ? formatLocalTime(e.startTime) : null;
  const end = e.endTime ? formatLocalTime(e.endTime) : null;
  return [formatLocalDate(e.date), start && (end ? `${start}–${end}` : start)].filter(Boolean).join(' · ');
}

function EventCard({ event, ticketCount }: { event: EventSummary; ticketCount: number }) {
  const badges = eventBadges(event);
  const state = purchaseState(event);
  return (
    <Card withBorder padding="lg" radius="lg" component="article" aria-labelledby={`event-${event.id}-title`}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Image src={event.imageUrl} alt="" loading="lazy" fallbackSrc={`/api/media/events/${event.id}`} />
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        {badges.length > 0 && (
          <Group gap={6} data-testid="event-badges">
            {badges.map((b) => (
              <Badge key={b} color={BADGE_COLOURS[b]} variant="filled">
                {b}
              </Badge>
            ))}
          </Group>
        )}
        <Title order={3} size="h4" id={`event-${event.id}-title`}>
          {event.title}
        </Title>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm">{whenText(event)}</Text>
        </Group>
        {event.location && (
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">{event.location}</Text>
          </Group>
        )}
        {event.description && (
          <Text size="sm" lineClamp={3}>
            {event.description}
          </Text>
        )}
        {event.organiserName && (
          <Text size="xs" c="dimmed">
            Presented by {event.organiserName}
          </Text>
        )}
        {state !== 'NOT_ON_SALE' && (
          <Text size="sm" fw={600}>
            Standard {formatGbp(event.standardTicketPrice)} · VIP {formatGbp(event.vipTicketPrice)}
          </Text>
        )}
        {ticketCount > 0 && (
          <Group gap={6} c="magenta.3">
            <IconTicket size={16} aria-hidden />
            <Text size="sm" fw={600}>
              You hold {ticketCount} {ticketCount === 1 ? 'ticket' : 'tickets'}
            </Text>
          </Group>
        )}
      </Stack>
      <Group mt="md">
        {state === 'ON_SALE' && (
          <Button component={Link} to={`/purchase/${event.id}`} fullWidth>
            Buy tickets
          </Button>
        )}
        {state === 'CLOSED' && (
          <Text fw={600} c="dimmed" ta="center" w="100%" py={6}>
            {EVENT_LIST_MESSAGES.purchaseClosed}
          </Text>
        )}
        {state === 'SOLD_OUT' && (
          <Button fullWidth disabled>
            Sold out
          </Button>
        )}
        {state === 'NOT_ON_SALE' && (
          <Button fullWidth disabled variant="default">
            Tickets not on sale yet
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** /events: upcoming nights (spec 01, Events). */
export function EventsPage() {
  const events = useEvents();
  const counts = useTicketsPerEvent();
  const list = events.data ? upcomingEvents(events.data) : [];

  return (
    <Container size="lg" py="xl">
      <PageTitle title="Events" />
      <Stack gap="lg">
        <div>
          <Title order={1}>Events</Title>
          <Text c="dimmed">Upcoming nights. Times are London time.</Text>
        </div>
        {events.isPending && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading events">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={420} radius="lg" />
            ))}
          </SimpleGrid>
        )}
        {events.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {EVENT_LIST_MESSAGES.fetchFailed}
          </Alert>
        )}
        {events.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {EVENT_LIST_MESSAGES.noUpcoming}
          </Text>
        )}
        {list.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {list.map((e) => (
              <EventCard key={e.id} event={e} ticketCount={counts.data?.[String(e.id)] ?? 0} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
