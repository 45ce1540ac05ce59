import type { PaidTier } from '@fourfour/shared/enums';
import {
  BENEFITS_BY_TIER,
  benefitLabel,
  MEMBERSHIP_MESSAGES,
  PLAN_FREE_TICKETS_TEXT,
  planPriceGbp,
} from '@fourfour/shared/memberships';
import { Badge, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconTicket } from '@tabler/icons-react';
import { PAID_TIERS } from '@fourfour/shared/enums';
import { formatGbp } from '../../../lib/format.ts';
import { TIER_COLORS } from './tier-badge.tsx';

/** One plan of the comparison: price, free tickets, benefits; Subscribe only when choosing. */
export function PlanCard({
  tier,
  popular,
  current,
  onSubscribe,
  pending,
  disabled,
}: {
  tier: PaidTier;
  popular: boolean;
  current: boolean;
  /** Absent: compare-only. */
  onSubscribe?: () => void;
  pending?: boolean;
  disabled?: boolean;
}) {
  const lower = PAID_TIERS.slice(0, PAID_TIERS.indexOf(tier));
  const color = TIER_COLORS[tier];
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      data-testid={`plan-${tier}`}
      style={{
        borderColor: current || popular ? `var(--mantine-color-${color}-6)` : undefined,
        borderWidth: current || popular ? 2 : undefined,
        height: '100%',
      }}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="xl" c={`${color}.4`}>
            {tier}
          </Title>
          <Group gap={6}>
            {popular && (
              <Badge color={color} variant="light">
                {MEMBERSHIP_MESSAGES.mostPopular}
              </Badge>
            )}
            {current && (
              <Badge color={color} variant="filled">
                {MEMBERSHIP_MESSAGES.currentPlan}
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={34} fw={800} lh={1}>
            {formatGbp(planPriceGbp(tier))}
          </Text>
          <Text c="dimmed">/ month</Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size="md" radius="xl">
            <IconTicket size={16} aria-hidden="true" />
          </ThemeIcon>
          <Text fw={600}>{PLAN_FREE_TICKETS_TEXT[tier]}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          At most one free ticket per event, standard tickets only.
        </Text>
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon color={color} size={18} radius="xl" variant="light">
              <IconCheck size={12} aria-hidden="true" />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          {lower.length > 0 && <List.Item>Everything in {lower.join(' and ')}</List.Item>}
          {BENEFITS_BY_TIER[tier].map((b) => (
            <List.Item key={b}>{benefitLabel(b)}</List.Item>
          ))}
        </List>
        {onSubscribe && (
          <Button color={color} fullWidth onClick={onSubscribe} loading={pending} disabled={disabled}>
            Subscribe to {tier}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
