import type { SalesTotals } from '@fourfour/shared/affiliates';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatGbp } from '../../../lib/format.ts';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fz={{ base: 24, sm: 28 }} fw={800} lh={1.2} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The period's totals: tickets, commission, bonuses and what was earned in all. */
export function SalesTotalsCards({ totals }: { totals: SalesTotals }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="sales-totals">
      <Stat
        label="Tickets sold"
        value={String(totals.totalTickets)}
        hint={`${totals.standardTickets} standard · ${totals.vipTickets} VIP`}
      />
      <Stat label="Commission" value={formatGbp(totals.commissionEarned)} />
      <Stat
        label="Bonuses"
        value={formatGbp(totals.bonusEarned)}
        hint={`${totals.monthsAtGoal} ${totals.monthsAtGoal === 1 ? 'month' : 'months'} at the goal`}
      />
      <Stat label="Total earned" value={formatGbp(totals.commissionEarned + totals.bonusEarned)} />
    </SimpleGrid>
  );
}
