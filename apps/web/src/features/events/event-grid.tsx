import { EVENT_BADGES, EVENT_LIST_MESSAGES } from '@fourfour/shared/event-list-messages';
import type { EventSummary, TicketsPerEvent } from '@fourfour/shared/events';
import { AspectRatio, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconTicket } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatLocalDate, formatLocalTime } from '../../lib/format.ts';
import { ARTWORK_SIZES, artworkSrcSet } from './artwork.ts';
import { eventBadges, purchaseState } from './event-rules.ts';
import { priceLines } from './price-lines.ts';

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

/**
 * `first`: the top card, whose artwork is the largest thing a phone shows first, so it is fetched
 * at once and early; every other card's artwork loads as it nears the screen. None blocks the list's
 * first paint, and the 16:9 frame holds its place, so nothing moves when an image arrives.
 */
export const EventCard = memo(function EventCard({
  event,
  ticketCount,
  first,
}: {
  event: EventSummary;
  ticketCount: number;
  first: boolean;
}) {
  const badges = eventBadges(event);
  const state = purchaseState(event);
  return (
    <Card withBorder padding="lg" radius="lg" component="article" aria-labelledby={`event-${event.id}-title`}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Image
            src={event.imageUrl}
            srcSet={artworkSrcSet(event.imageUrl)}
            sizes={ARTWORK_SIZES}
            width={1200}
            height={675}
            h="auto"
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
            fallbackSrc={`/api/media/events/${event.id}`}
          />
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
        <Title order={2} size="h4" id={`event-${event.id}-title`}>
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
          <Text component="div" size="sm" fw={600} data-testid="event-prices">
            {priceLines(event).map((line) => (
              <div key={line}>{line}</div>
            ))}
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
});

/** The cards, the top one's artwork fetched first; `ticketCounts`: the caller's tickets per event, when known. */
export function EventGrid({
  events,
  ticketCounts,
}: {
  events: readonly EventSummary[];
  ticketCounts?: TicketsPerEvent;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {events.map((e, index) => (
        <EventCard key={e.id} event={e} first={index === 0} ticketCount={ticketCounts?.[String(e.id)] ?? 0} />
      ))}
    </SimpleGrid>
  );
}
