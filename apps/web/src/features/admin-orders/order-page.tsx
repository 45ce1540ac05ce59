import { type AdminOrderDetail, ORDER_MESSAGES } from '@fourfour/shared/orders';
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDateTime, formatGbp } from '../../lib/format.ts';
import { isOrderId, useAdminOrder } from './api/get-admin-order.ts';
import { OrderActions } from './components/order-actions.tsx';
import { OrderHistory } from './components/order-history.tsx';
import { attendeeName, OrderStatusBadge, TicketStatusBadge } from './components/status-badges.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Summary({ order }: { order: AdminOrderDetail }) {
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label="Buyer">
          {order.buyer.username ?? '—'}
          <Text size="xs" c="dimmed">
            {order.buyer.email ?? 'no email'}
          </Text>
        </Fact>
        <Fact label="Event">
          <Anchor component={Link} to={`/admin/events/${order.event.id}/orders`}>
            {order.event.title}
          </Anchor>
          {order.event.startsAt && (
            <Text size="xs" c="dimmed">
              {formatDateTime(order.event.startsAt)}
            </Text>
          )}
        </Fact>
        <Fact label="Amount">
          {formatGbp(order.amount)}
          {order.refundedAmount > 0 && (
            <Text size="xs" c="red.4">
              {formatGbp(order.refundedAmount)} refunded
            </Text>
          )}
        </Fact>
        <Fact label="Payment">
          {order.provider} · {order.status.toLowerCase().replace('_', ' ')}
          {order.affiliateCode && (
            <Text size="xs" c="dimmed">
              Affiliate code {order.affiliateCode}
            </Text>
          )}
        </Fact>
        <Fact label="Created">{formatDateTime(order.createdAt)}</Fact>
        <Fact label="Paid">{order.paidAt ? formatDateTime(order.paidAt) : '—'}</Fact>
        <Fact label="Tickets emailed">{order.emailedAt ? formatDateTime(order.emailedAt) : '—'}</Fact>
        <Fact label="Refunded">{order.refundedAt ? formatDateTime(order.refundedAt) : '—'}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

function Tickets({ order }: { order: AdminOrderDetail }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="order-tickets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Attendee</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Admitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.tickets.map((t) => (
            <Table.Tr key={t.id} data-testid={`order-ticket-${t.id}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {attendeeName(t)}
                </Text>
                {t.dateOfBirth && (
                  <Text size="xs" c="dimmed">
                    Born {t.dateOfBirth}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={t.ticketType === 'VIP' ? 'grape' : 'gray'} size="sm">
                  {t.ticketType === 'VIP' ? 'VIP' : 'Standard'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <TicketStatusBadge status={t.status} />
              </Table.Td>
              <Table.Td ta="right">{t.isFree ? 'Free' : formatGbp(t.price)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t.usedAt ? formatDateTime(t.usedAt) : '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NotFound() {
  return (
    <Alert color="yellow" role="alert" title={ORDER_MESSAGES.orderNotFound}>
      <Anchor component={Link} to="/admin/orders" c="inherit" underline="always">
        Back to orders
      </Anchor>
    </Alert>
  );
}

/** /admin/orders/:id (issue 21): the order, its tickets, the actions on it, and its history. */
export function OrderPage() {
  const { id } = useParams();
  const order = useAdminOrder(id);
  const data = order.data;
  const missing = !isOrderId(id) || (order.isError && isApiError(order.error) && order.error.status === 404);
  return (
    <Container size="lg" py="xl">
      <PageTitle title={data ? `Order ${data.reference}` : 'Order'} />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Anchor component={Link} to="/admin/orders" size="sm">
              ← Orders
            </Anchor>
            <Group gap="sm" align="center">
              <Title order={1} size="h2">
                {data ? (
                  <>
                    Order <span style={{ fontFamily: 'monospace' }}>{data.reference}</span>
                  </>
                ) : (
                  'Order'
                )}
              </Title>
              {data && <OrderStatusBadge status={data.status} partlyRefunded={data.refundedAmount > 0} />}
            </Group>
          </div>
        </Group>
        {missing && <NotFound />}
        {!missing && order.isError && (
          <Alert color="red" role="alert">
            {serverMessageOf(order.error) ?? ORDER_MESSAGES.orderLoadFailed}
          </Alert>
        )}
        {!missing && order.isPending && <Skeleton h={240} role="status" aria-label="Loading the order" />}
        {data && (
          <>
            <Summary order={data} />
            {/* The actions on the order (resend, name change, refund): components/order-actions.tsx. */}
            <OrderActions order={data} />
            <Stack gap="xs">
              <Title order={2} size="h4">
                Tickets
              </Title>
              <Tickets order={data} />
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h4">
                History
              </Title>
              <OrderHistory history={data.history} />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
