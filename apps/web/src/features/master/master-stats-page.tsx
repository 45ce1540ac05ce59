import { signedOutMessage } from '@fourfour/shared/content';
import { MASTER_MESSAGES, type MasterStats } from '@fourfour/shared/master';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
// After the package's components, so its rules follow the core rules they build on.
import '@mantine/charts/styles.css';
import {
  Alert,
  ColorSwatch,
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
import { PageTitle } from '../../components/page-title.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDate, formatDateTime, formatGbp, formatMonth } from '../../lib/format.ts';
import { useMasterStats } from './api/get-master-stats.ts';

const TIER_COLOURS = { ENTRY: 'violet.4', MIDDLE: 'magenta.5', HEADLINER: 'yellow.5' } as const;
const shortMonth = (month: string) => formatMonth(month).replace(/^(\w{3})\w*/, '$1');
const shortDay = (date: string) =>
  formatDate(`${date}T12:00:00Z`)
    .replace(/^\w+ /, '')
    .replace(/ \d{4}$/, '');

function Panel({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} fz={{ base: 18, sm: 20 }}>
            {title}
          </Title>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function StatsBody({ stats }: { stats: MasterStats }) {
  const t = stats.totals;
  const months = stats.ticketSalesByMonth.map((m) => ({ ...m, label: shortMonth(m.month) }));
  const members = stats.membersByTier.filter((m) => m.members > 0);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="md" data-testid="master-totals">
        <StatCard label="Users" value={String(t.users)} />
        <StatCard label="Active members" value={String(t.activeMembers)} />
        <StatCard label="Monthly recurring" value={formatGbp(t.monthlyRecurringRevenue)} hint="renewing plans" />
        <StatCard
          label="Ticket revenue"
          value={formatGbp(t.ticketRevenueThisMonth)}
          hint={formatMonth(stats.currentMonth)}
        />
        <StatCard label="Tickets sold" value={String(t.ticketsSoldThisMonth)} hint={formatMonth(stats.currentMonth)} />
        <StatCard label="Commission owed" value={formatGbp(t.affiliateCommissionOwed)} hint="affiliates, this month" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title="Ticket revenue" note="Paid tickets, refunds excluded, last 12 months">
          <BarChart
            h={240}
            data={months}
            dataKey="label"
            series={[{ name: 'revenue', label: 'Revenue', color: 'magenta.5' }]}
            valueFormatter={(v) => formatGbp(v)}
            tickLine="none"
            gridAxis="y"
          />
        </Panel>
        <Panel title="Tickets sold" note="Paid and free tickets per month">
          <BarChart
            h={240}
            data={months}
            dataKey="label"
            type="stacked"
            series={[
              { name: 'ticketsSold', label: 'Paid', color: 'violet.5' },
              { name: 'freeTickets', label: 'Free', color: 'teal.5' },
            ]}
            withLegend
            tickLine="none"
            gridAxis="y"
          />
        </Panel>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <Panel title="Members by plan" note={`${formatGbp(t.monthlyRecurringRevenue)} a month from renewing plans`}>
          {members.length === 0 ? (
            <Text c="dimmed" size="sm">
              No active members yet.
            </Text>
          ) : (
            <Group justify="center">
              <DonutChart
                size={170}
                thickness={26}
                withLabelsLine={false}
                chartLabel={`${t.activeMembers} members`}
                data={members.map((m) => ({ name: m.tier, value: m.members, color: TIER_COLOURS[m.tier] }))}
              />
            </Group>
          )}
          <Table verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {stats.membersByTier.map((m) => (
                <Table.Tr key={m.tier}>
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      <ColorSwatch color={`var(--mantine-color-${TIER_COLOURS[m.tier].replace('.', '-')})`} size={10} />
                      {m.tier}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{m.members}</Table.Td>
                  <Table.Td ta="right">{formatGbp(m.monthlyRecurringRevenue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Panel>
        <Panel title="Users by role">
          <BarChart
            h={220}
            // Charts spread each row's fields onto SVG elements: a field called `role` would become an
            // (invalid) ARIA role, so the row is renamed for the chart.
            data={stats.usersByRole.map((r) => ({ label: r.role, users: r.users }))}
            dataKey="label"
            orientation="vertical"
            yAxisProps={{ width: 112 }}
            series={[{ name: 'users', label: 'Users', color: 'violet.4' }]}
            tickLine="none"
            gridAxis="x"
          />
        </Panel>
        <Panel title="New sign-ups" note="Per week (from Monday), last 12 weeks">
          <AreaChart
            h={220}
            data={stats.signupsByWeek.map((w) => ({ ...w, label: shortDay(w.weekStart) }))}
            dataKey="label"
            series={[{ name: 'signups', label: 'Sign-ups', color: 'magenta.4' }]}
            curveType="monotone"
            tickLine="none"
            gridAxis="y"
          />
        </Panel>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title="Top events by revenue">
          {stats.topEvents.length === 0 ? (
            <Text c="dimmed" size="sm">
              No ticket sales yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Event</Table.Th>
                    <Table.Th ta="right">Tickets</Table.Th>
                    <Table.Th ta="right">Revenue</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.topEvents.map((e) => (
                    <Table.Tr key={e.eventId}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {e.title}
                        </Text>
                        {e.startsAt && (
                          <Text size="xs" c="dimmed">
                            {formatDate(e.startsAt)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{e.ticketsSold}</Table.Td>
                      <Table.Td ta="right">{formatGbp(e.revenue)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Panel>
        <Panel
          title="Affiliate commission this month"
          note={`${formatMonth(stats.affiliateCommission.month)} so far: ${formatGbp(stats.affiliateCommission.total)}`}
        >
          {stats.affiliateCommission.affiliates.length === 0 ? (
            <Text c="dimmed" size="sm">
              No affiliate sales this month yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Affiliate</Table.Th>
                    <Table.Th ta="right">Tickets</Table.Th>
                    <Table.Th ta="right">Commission</Table.Th>
                    <Table.Th ta="right">Bonus</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.affiliateCommission.affiliates.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.username ?? `#${a.id}`}</Table.Td>
                      <Table.Td ta="right">{a.totalTickets}</Table.Td>
                      <Table.Td ta="right">{formatGbp(a.commissionEarned)}</Table.Td>
                      <Table.Td ta="right">{formatGbp(a.bonusEarned)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Panel>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Figures from live ticket, payment and account rows as of {formatDateTime(stats.generatedAt)} ({stats.timezone}).
      </Text>
    </Stack>
  );
}

/** /master/stats (MASTER): members, recurring revenue, ticket sales, users, sign-ups, commission. */
export function MasterStatsPage() {
  const stats = useMasterStats();
  let body: ReactNode;
  if (stats.isPending) {
    body = (
      <Stack>
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={96} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={300} radius="lg" />
      </Stack>
    );
  } else if (stats.isError) {
    const status = isApiError(stats.error) ? stats.error.status : null;
    body = (
      <Alert color="red" variant="light" role="alert">
        {status === 403
          ? MASTER_MESSAGES.mustBeMaster
          : status === 401
            ? signedOutMessage('see master stats')
            : (serverMessageOf(stats.error) ?? MASTER_MESSAGES.statsLoadFailed)}
      </Alert>
    );
  } else {
    body = <StatsBody stats={stats.data} />;
  }
  return (
    <Container size="xl" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Master stats" />
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Master stats
        </Title>
        {body}
      </Stack>
    </Container>
  );
}
