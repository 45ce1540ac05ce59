import type { EventSummary } from '@fourfour/shared/events';
import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatLocalDate, formatLocalTime } from '../../lib/format.ts';
import { useEmbeddedEvents } from '../../lib/embedded-events.ts';

/** The purchase page's column: `head` (its document title) before the stack. */
export function PurchaseFrame({ head, children }: { head?: ReactNode; children: ReactNode }) {
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      {head}
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

/** The event's name, date and place: the largest paint on a phone. */
export function PurchaseHeadline({ event }: { event: EventSummary }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" tt="uppercase" fw={700} lts={1}>
        Buy tickets
      </Text>
      <Title order={1} fz={{ base: 26, sm: 36 }}>
        {event.title}
      </Title>
      <Text c="dark.1">
        {[
          event.date && formatLocalDate(event.date),
          event.startTime && formatLocalTime(event.startTime),
          event.location,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/** The page's event in a list, by the route's parameter (the page finds it the same way: usePurchaseEvent). */
export function purchaseEventOf(events: readonly EventSummary[], eventIdParam: string | undefined) {
  const eventId = Number(eventIdParam);
  return events.find((e) => e.id === eventId) ?? null;
}

/**
 * /purchase/:eventId while its event loads: the event's headline from the list the server put in
 * the page (lib/embedded-events.ts), or a loader without one. The page shows this
 * first, and so does its HTML (at build time the loader; rendered by the server with the list when
 * the event is in it), until the app has the page ready (app/first-views.ts).
 */
export function PurchaseFirstView() {
  const { eventId } = useParams();
  const embedded = useEmbeddedEvents();
  const event = embedded ? purchaseEventOf(embedded, eventId) : null;
  if (!event) {
    return (
      <Container size="md" py="xl">
        <Loader aria-label="Loading the event" />
      </Container>
    );
  }
  return (
    <PurchaseFrame>
      <PurchaseHeadline event={event} />
    </PurchaseFrame>
  );
}
