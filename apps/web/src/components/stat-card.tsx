import { Paper, Stack, Text } from '@mantine/core';

export interface StatCardProps {
  label: string;
  value: string;
  /** A line under the value (what the figure covers). */
  hint?: string;
  /**
   * `card` (default): a bordered card with an upper-case label, for a row of headline figures;
   * `plain`: the label over the value, for figures inside another card.
   */
  variant?: 'card' | 'plain';
}

/** One figure with its label: the master stats' and the affiliate sales' totals, a sales month's parts. */
export function StatCard({ label, value, hint, variant = 'card' }: StatCardProps) {
  if (variant === 'plain') {
    return (
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={700}>{value}</Text>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fz={{ base: 22, sm: 28 }} fw={800} lh={1.2} mt={4}>
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
