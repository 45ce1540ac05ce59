import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AccountView } from '@fourfour/shared/auth';
import { formatLocalDate, formatLongDate } from '../../../lib/format.ts';
import { AccountSection } from './account-section.tsx';

const ROLE_LABELS: Record<AccountView['role'], string> = {
  USER: 'Member',
  AFFILIATE: 'Affiliate',
  EVENT_WORKER: 'Event worker',
  ADMIN: 'Admin',
  MASTER: 'Master',
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dark.2" lts={0.6}>
        {label}
      </Text>
      <Text component="div" c="dark.0" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function ProfileSection({ account }: { account: AccountView }) {
  const plan = account.subscriptionTier === 'NONE' ? 'No plan' : account.subscriptionTier;
  return (
    <AccountSection id="profile" title="Profile">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
        <Fact label="Username">{account.username}</Fact>
        <Fact label="Email">{account.email}</Fact>
        <Fact label="Date of birth">{formatLocalDate(account.birthDate)}</Fact>
        <Fact label="Role">{ROLE_LABELS[account.role]}</Fact>
        <Fact label="Membership">
          <Group gap="xs">
            <span>{plan}</span>
            {account.subscriptionTier !== 'NONE' && (
              <Badge color={account.subscriptionActive ? 'teal' : 'gray'} variant="light">
                {account.subscriptionStatus}
              </Badge>
            )}
          </Group>
        </Fact>
        <Fact label="Age verification">
          <Badge color={account.verificationStatus === 'VERIFIED' ? 'teal' : 'gray'} variant="light">
            {account.verificationStatus === 'NONE' ? 'Not requested' : account.verificationStatus}
          </Badge>
        </Fact>
        {account.subscriptionExpiresAt && (
          <Fact label={account.subscriptionStatus === 'CANCELLED' ? 'Plan ends' : 'Renews'}>
            {formatLongDate(account.subscriptionExpiresAt)}
          </Fact>
        )}
        <Fact label="Member since">{formatLongDate(account.createdAt)}</Fact>
      </SimpleGrid>
    </AccountSection>
  );
}
