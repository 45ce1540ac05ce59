import { type AdminEvent, EVENT_MESSAGES, eventDisplayState } from '@fourfour/shared/events';
import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { useAdminEvents } from './api/get-admin-events.ts';
import { ManageEventCard } from './components/manage-event-card.tsx';

/**
 * The pages loaded so far, in the server's order (upcoming and draft events soonest first, then
 * past and cancelled ones latest first); an event that started while paging shows once.
 */
function loaded(pages: readonly { content: AdminEvent[] }[] | undefined): AdminEvent[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((p) => p.content).filter((e) => !seen.has(e.id) && seen.add(e.id));
}

/** /admin/events (spec 02, Manage Events). */
export function ManageEventsPage() {
  const events = useAdminEvents();
  const list = loaded(events.data?.pages);
  return (
    <Container size="lg" py="xl">
      <PageTitle title="Manage events" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Manage events</Title>
            <Text c="dimmed">Publish, edit, re-price or cancel events, and follow their sales.</Text>
          </div>
          <Group gap="sm">
            <Button variant="default" component={Link} to="/admin/orders" leftSection={<IconReceipt size={16} />}>
              All orders
            </Button>
            <Button component={Link} to="/admin/events/create" leftSection={<IconPlus size={16} />}>
              Create event
            </Button>
          </Group>
        </Group>
        {events.isPending && (
          <Stack role="status" aria-busy="true" aria-label="Loading events">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={160} radius="lg" />
            ))}
          </Stack>
        )}
        {events.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {EVENT_MESSAGES.fetchFailed}
          </Alert>
        )}
        {events.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {EVENT_MESSAGES.noEventsAdmin}
          </Text>
        )}
        {list.map((e) => (
          <ManageEventCard key={e.id} event={e} state={eventDisplayState(e)} />
        ))}
        {events.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => events.fetchNextPage()} loading={events.isFetchingNextPage}>
              Load more events
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
