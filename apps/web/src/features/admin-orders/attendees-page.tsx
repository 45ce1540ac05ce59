import { SEARCH_DEBOUNCE_MS } from '@fourfour/shared/constants';
import { ORDER_MESSAGES } from '@fourfour/shared/orders';
import { Alert, Anchor, Button, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPrinter, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import classes from './attendees.module.css';
import { useEventAttendees } from './api/get-event-attendees.ts';
import { ExportLinks } from './components/export-links.tsx';
import { EventNotFound } from './components/event-not-found.tsx';
import { SearchBox, searchText } from './components/search-box.tsx';
import { TicketStatusBadge } from './components/status-badges.tsx';

/**
 * /admin/events/:id/attendees (issue 21): the event's tickets by attendee, last name first, for the
 * door's paper backup: searchable, paged, and printable (the print leaves out the site's chrome).
 */
export function AttendeesPage() {
  const eventId = Number(useParams().id);
  const validId = Number.isSafeInteger(eventId) && eventId > 0;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const q = searchText(debounced);
  const attendees = useEventAttendees(eventId, q);
  const list = attendees.data?.pages.flatMap((p) => p.content) ?? [];
  const total = attendees.data?.pages[0]?.totalElements;
  const event = attendees.data?.pages[0]?.event;
  const missing = !validId || (attendees.isError && isApiError(attendees.error) && attendees.error.status === 404);

  if (missing) {
    return <EventNotFound title="Attendees" />;
  }

  return (
    <Container size="lg" py="xl" className={classes.sheet}>
      <PageTitle title={event ? `Attendees: ${event.title}` : 'Attendees'} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {event ? `Attendees: ${event.title}` : 'Attendees'}
            </Title>
            {event?.startsAt && <Text size="sm">{formatDateTime(event.startsAt)}</Text>}
            <Text c="dimmed" size="sm">
              {total === undefined ? 'By last name' : `${total} ticket${total === 1 ? '' : 's'}, by last name`}
              {q ? ` matching “${q}”` : ''}
            </Text>
            <Text size="xs" className={classes.printOnly}>
              Printed {formatDateTime(new Date())}
            </Text>
          </div>
          <Group gap="xs" className={classes.noPrint}>
            <Button
              variant="default"
              size="sm"
              component={Link}
              to={`/admin/events/${eventId}/orders`}
              leftSection={<IconReceipt size={16} aria-hidden />}
            >
              Orders
            </Button>
            <Button
              variant="default"
              size="sm"
              onClick={() => window.print()}
              leftSection={<IconPrinter size={16} aria-hidden />}
            >
              Print
            </Button>
          </Group>
        </Group>
        <div className={classes.noPrint}>
          <ExportLinks eventId={eventId} />
        </div>
        <div className={classes.noPrint}>
          <SearchBox
            label="Find an attendee"
            placeholder={ORDER_MESSAGES.attendeeSearchPlaceholder}
            value={text}
            onChange={setText}
          />
        </div>
        {attendees.isError && (
          <Alert color="red" role="alert">
            {serverMessageOf(attendees.error) ?? ORDER_MESSAGES.attendeesLoadFailed}
          </Alert>
        )}
        {attendees.isPending && <Skeleton h={240} role="status" aria-label="Loading attendees" />}
        {attendees.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {ORDER_MESSAGES.noAttendees}
          </Text>
        )}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing={4} data-testid="attendees-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Last name</Table.Th>
                  <Table.Th>First name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Admitted</Table.Th>
                  <Table.Th>Order</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((a) => (
                  <Table.Tr key={a.ticketId}>
                    <Table.Td fw={700}>{a.lastName ?? '—'}</Table.Td>
                    <Table.Td>{a.firstName ?? '—'}</Table.Td>
                    <Table.Td>{a.ticketType === 'VIP' ? 'VIP' : 'Standard'}</Table.Td>
                    <Table.Td>
                      <TicketStatusBadge status={a.status} />
                    </Table.Td>
                    <Table.Td>{a.admittedAt ? formatDateTime(a.admittedAt) : ''}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/orders/${a.orderId}`} ff="monospace" size="sm">
                        {a.orderReference}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {attendees.hasNextPage && (
          <Group justify="center" className={classes.noPrint}>
            <Button variant="default" onClick={() => attendees.fetchNextPage()} loading={attendees.isFetchingNextPage}>
              Load more attendees
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
