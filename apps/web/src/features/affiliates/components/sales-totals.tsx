import type { SalesTotals } from '@fourfour/shared/affiliates';
import { SimpleGrid } from '@mantine/core';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatGbp } from '../../../lib/format.ts';

/** The period's totals: tickets, commission, bonuses and what was earned in all. */
export function SalesTotalsCards({ totals }: { totals: SalesTotals }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="sales-totals">
      <StatCard
        label="Tickets sold"
        value={String(totals.totalTickets)}
        hint={`${totals.standardTickets} standard · ${totals.vipTickets} VIP`}
      />
      <StatCard label="Commission" value={formatGbp(totals.commissionEarned)} />
      <StatCard
        label="Bonuses"
        value={formatGbp(totals.bonusEarned)}
        hint={`${totals.monthsAtGoal} ${totals.monthsAtGoal === 1 ? 'month' : 'months'} at the goal`}
      />
      <StatCard label="Total earned" value={formatGbp(totals.commissionEarned + totals.bonusEarned)} />
    </SimpleGrid>
  );
}
