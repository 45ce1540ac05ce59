import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatGbp } from '../../../lib/format.ts';
import type { LadderRow } from '../release-rules.ts';
import { ReleaseLadder } from './release-ladder.tsx';

/**
 * One ticket type: its price now, what is left and the Add button; a type sold in releases also shows
 * the next price ("next £15.00") and its ladder.
 */
export function TicketTypeCard({
  label,
  price,
  left,
  rows,
  canAdd,
  onAdd,
}: {
  label: string;
  price: number;
  left: number;
  rows: LadderRow[];
  canAdd: boolean;
  onAdd: () => void;
}) {
  const next = rows.find((r) => r.role === 'next')?.release;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700}>{label}</Text>
            <Text size="sm" c="dark.1">
              {[formatGbp(price), next && next.price !== price && `next ${formatGbp(next.price)}`, `${left} left`]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={onAdd}
            disabled={!canAdd}
            style={{ flexShrink: 0 }}
          >
            Add {label}
          </Button>
        </Group>
        {rows.length > 0 && <ReleaseLadder label={label} rows={rows} />}
      </Stack>
    </Paper>
  );
}
