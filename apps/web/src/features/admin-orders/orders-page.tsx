import { SEARCH_DEBOUNCE_MS } from '@fourfour/shared/constants';
import {
  type AdminOrderSummary,
  orderCountCap,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@fourfour/shared/orders';
import { Alert, Anchor, Button, Container, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { formatDateTime, formatGbp } from '../../lib/format.ts';
import { useAdminOrders } from './api/get-admin-orders.ts';
import { ExportLinks } from './components/export-links.tsx';
import { EventNotFound } from './components/event-not-found.tsx';
import { SearchBox, searchText } from './components/search-box.tsx';
import { attendeeName, OrderStatusBadge } from './components/status-badges.tsx';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }));

function ticketsText(order: AdminOrderSummary) {
  const names = order.tickets.map((t) => `${attendeeName(t)} (${t.ticketType === 'VIP' ? 'VIP' : 'Std'})`);
  return names.length > 2 ? `${names.slice(0, 2).join(', ')} +${names.length - 2}` : names.join(', ');
}

function OrderRow({ order, showEvent }: { order: AdminOrderSummary; showEvent: boolean }) {
  const navigate = useNavigate();
  const to = `/admin/orders/${order.id}`;
  return (
    <Table.Tr
      data-testid={`order-row-${order.reference}`}
      style={{ cursor: 'pointer' }}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a')) void navigate(to);
      }}
    >
      <Table.Td>
        <Anchor component={Link} to={to} ff="monospace" fw={700}>
          {order.reference}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{order.buyer.username ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {order.buyer.email ?? ''}
        </Text>
      </Table.Td>
      {showEvent && (
        <Table.Td>
          <Text size="sm" lineClamp={2}>
            {order.event.title}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Text size="sm">{ticketsText(order)}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatGbp(order.amount)}</Text>
        {order.refundedAmount > 0 && (
          <Text size="xs" c="red.4">
            −{formatGbp(order.refundedAmount)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} partlyRefunded={order.refundedAmount > 0} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(order.createdAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /admin/orders and /admin/events/:id/orders (issue 21): the search box first ("type a name, find
 * the order"), then the orders newest first, a page at a time; a row opens the order.
 */
export function OrdersPage() {
  const params = useParams();
  const eventId = params.id === undefined ? undefined : Number(params.id);
  const badEvent = eventId !== undefined && !(Number.isSafeInteger(eventId) && eventId > 0);
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(searchParams.get('q') ?? '');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const q = searchText(debounced);
  const statusParam = searchParams.get('status');
  const status = ORDER_STATUSES.includes(statusParam as OrderStatus) ? (statusParam as OrderStatus) : undefined;
  // The search stays in the address, so Back from an order returns to the same results.
  useEffect(() => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setSearchParams]);
  const orders = useAdminOrders({ eventId: badEvent ? undefined : eventId, q: q || undefined, status });
  const list = orders.data?.pages.flatMap((p) => p.content) ?? [];
  const total = orders.data?.pages[0]?.totalElements;
  // Where the server's count stopped: a search across every event counts fewer (orderCountCap).
  const countCap = orderCountCap({ q: q || undefined, eventId: badEvent ? undefined : eventId, status });
  const eventTitle = eventId !== undefined ? list[0]?.event.title : undefined;
  const title = eventTitle ? `Orders: ${eventTitle}` : 'Orders';

  if (badEvent) {
    return <EventNotFound title="Orders" />;
  }

  return (
    <Container size="xl" py="xl">
      <PageTitle title={title} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {total === undefined
                ? 'Newest first'
                : total >= countCap
                  ? `${countCap.toLocaleString('en-GB')}+ orders, newest first`
                  : `${total} order${total === 1 ? '' : 's'}, newest first`}
            </Text>
          </div>
          {eventId !== undefined && (
            <Button
              variant="default"
              size="sm"
              component={Link}
              to={`/admin/events/${eventId}/attendees`}
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              Attendees
            </Button>
          )}
        </Group>
        {eventId !== undefined && <ExportLinks eventId={eventId} />}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 320px' }}>
            <SearchBox
              label="Find an order"
              placeholder={ORDER_MESSAGES.searchPlaceholder}
              value={text}
              onChange={setText}
            />
          </div>
          <Select
            label="Status"
            size="md"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={status ?? null}
            clearable
            w={{ base: '100%', xs: 200 }}
            onChange={(value) =>
              setSearchParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (value) next.set('status', value);
                  else next.delete('status');
                  return next;
                },
                { replace: true },
              )
            }
          />
        </Group>
        {orders.isError && (
          <Alert color="red" role="alert">
            {serverMessageOf(orders.error) ?? ORDER_MESSAGES.ordersLoadFailed}
          </Alert>
        )}
        {orders.isPending && (
          <Stack role="status" aria-busy="true" aria-label="Loading orders" gap="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Stack>
        )}
        {orders.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {ORDER_MESSAGES.noOrders}
          </Text>
        )}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={eventId === undefined ? 900 : 760}>
            <Table highlightOnHover verticalSpacing="xs" data-testid="orders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  {eventId === undefined && <Table.Th>Event</Table.Th>}
                  <Table.Th>Tickets</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((o) => (
                  <OrderRow key={o.id} order={o} showEvent={eventId === undefined} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {orders.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
              Load more orders
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
