import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title.tsx';

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

/**
 * /events before its code and list have loaded: what the page itself shows while the list loads.
 * Rendered into the page's HTML at build time and shown by the app until the page is ready
 * (app/first-views.ts).
 */
export function EventsFirstView() {
  return (
    <EventsFrame>
      <EventsLoading />
    </EventsFrame>
  );
}
