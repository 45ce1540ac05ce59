import type { EventSummary, TicketsPerEvent } from '@fourfour/shared/events';
import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode, useMemo } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { embeddedEventGrid, useEmbeddedEvents } from '../../lib/embedded-events.ts';
import { upcomingEvents } from './event-rules.ts';

/** The events page's frame: its heading and lead above whatever the list shows. */
export function EventsFrame({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <PageTitle title="Events" />
      <Stack gap="lg">
        <div>
          <Title order={1}>Events</Title>
          <Text c="dimmed">Upcoming nights. Times are London time.</Text>
        </div>
        {children}
      </Stack>
    </Container>
  );
}

/** Where the cards will be, while the list is on its way. */
export function EventsLoading() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Loading events">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={420} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/** The loading cards instead, should the page's embedded list not render (a list not in the shape it should be). */
class LoadingIfBroken extends Component<{ children: ReactNode }, { broken: boolean }> {
  override state = { broken: false };
  static getDerivedStateFromError() {
    return { broken: true };
  }
  override render() {
    return this.state.broken ? <EventsLoading /> : this.props.children;
  }
}

/**
 * The cards: of `events` once the page has its list, before that of the list in the page
 * (lib/embedded-events.ts), or the loading cards. The page and its first view both draw the list
 * with this, so the cards the HTML shows are the ones the page keeps (the same elements, not drawn
 * again when the page's own list arrives).
 */
export function EventsPending({
  events,
  ticketCounts,
}: {
  events?: readonly EventSummary[];
  ticketCounts?: TicketsPerEvent;
}) {
  const embedded = useEmbeddedEvents();
  const shown = events ?? embedded;
  return shown ? (
    <LoadingIfBroken>
      <UpcomingGrid events={shown} ticketCounts={ticketCounts} />
    </LoadingIfBroken>
  ) : (
    <EventsLoading />
  );
}

/**
 * /events before its code and list have loaded: what the page shows while its list loads
 * (EventsPending). The server renders the same into the page's HTML (at build time without a list,
 * at request time with it), and the app shows it until the page is ready (app/first-views.ts).
 */
export function EventsFirstView() {
  return (
    <EventsFrame>
      <EventsPending />
    </EventsFrame>
  );
}

function UpcomingGrid({ events, ticketCounts }: { events: readonly EventSummary[]; ticketCounts?: TicketsPerEvent }) {
  const list = useMemo(() => upcomingEvents(events), [events]);
  const Grid = embeddedEventGrid();
  return Grid && list.length > 0 ? <Grid events={list} ticketCounts={ticketCounts} /> : <EventsLoading />;
}
