import { isUnlimitedAllowance, TICKET_MESSAGES } from '@fourfour/shared/ticket-rules';
import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { AccountCard } from './account-card.tsx';
import { useFreeTickets } from './api/get-free-tickets.ts';

/** Account page: the yearly free-ticket allowance (unlimited for -1, > 1000 or HEADLINER). */
export function FreeTicketUsageSection({ tier }: { tier?: 'NONE' | 'ENTRY' | 'MIDDLE' | 'HEADLINER' }) {
  const usage = useFreeTickets();
  return (
    <AccountCard id="free-tickets" title="Free ticket usage">
      {usage.isPending ? (
        <Loader size="sm" aria-label="Loading free-ticket usage" />
      ) : usage.isError ? (
        <Text c="red.4">{TICKET_MESSAGES.noUsageData}</Text>
      ) : isUnlimitedAllowance(usage.data.max, tier) ? (
        <Text>
          Unlimited free STANDARD tickets in {usage.data.year} · {usage.data.used} used so far
        </Text>
      ) : usage.data.max === 0 ? (
        <Text c="dark.1">
          Free STANDARD tickets come with a membership (ENTRY 4, MIDDLE 9 a year, HEADLINER unlimited), once your age is
          verified.
        </Text>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text>
              {usage.data.used} of {usage.data.max} used in {usage.data.year}
            </Text>
            <Text fw={700}>{usage.data.remaining} left this year</Text>
          </Group>
          <Progress value={(usage.data.used / usage.data.max) * 100} aria-label="Free tickets used this year" />
        </Stack>
      )}
    </AccountCard>
  );
}
