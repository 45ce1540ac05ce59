import { goalProgressPercent, type MonthlySalesRecord } from '@fourfour/shared/affiliates';
import {
  AFFILIATE_COMMISSION_BASE_PERCENT,
  AFFILIATE_COMMISSION_GOAL_PERCENT,
  AFFILIATE_GOAL_TICKETS,
} from '@fourfour/shared/constants';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatGbp, formatMonth } from '../../../lib/format.ts';

/** One month: tickets by type, commission, bonus and the progress toward 14 tickets. */
export function MonthCard({ record }: { record: MonthlySalesRecord }) {
  const reached = record.ticketsRemainingToGoal === 0;
  const progress = goalProgressPercent(record.ticketsTowardGoal);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="sales-month" aria-label={formatMonth(record.month)}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={800} fz="lg">
            {formatMonth(record.month)}
          </Text>
          <Badge color={reached ? 'teal' : 'gray'} variant={reached ? 'filled' : 'light'}>
            {reached ? `Goal reached · ${AFFILIATE_COMMISSION_GOAL_PERCENT}%` : `${AFFILIATE_COMMISSION_BASE_PERCENT}%`}
          </Badge>
        </Group>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">
              {record.ticketsTowardGoal} of {AFFILIATE_GOAL_TICKETS} tickets
            </Text>
            <Text size="sm" c="dimmed">
              {reached ? 'Bonus earned' : `${record.ticketsRemainingToGoal} to go`}
            </Text>
          </Group>
          <Progress
            value={progress}
            color={reached ? 'teal' : 'magenta'}
            size="lg"
            radius="xl"
            aria-label={`Progress toward ${AFFILIATE_GOAL_TICKETS} tickets: ${progress}%`}
          />
        </Stack>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <StatCard variant="plain" label="Standard" value={String(record.standardTickets)} />
          <StatCard variant="plain" label="VIP" value={String(record.vipTickets)} />
          <StatCard variant="plain" label="Commission" value={formatGbp(record.commissionEarned)} />
          <StatCard variant="plain" label="Bonus" value={formatGbp(record.bonusEarned)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
