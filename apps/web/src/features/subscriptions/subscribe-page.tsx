import type { AccountView } from '@fourfour/shared/auth';
import { PAID_TIERS, type PaidTier } from '@fourfour/shared/enums';
import { MEMBERSHIP_MESSAGES, MOST_POPULAR_TIER } from '@fourfour/shared/memberships';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHourglass, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { formatLongDate } from '../../lib/format.ts';
import { useMe } from '../account/index.ts';
import { type PortalKind, useOpenPortal } from './api/open-portal.ts';
import { useStartSubscription } from './api/start-subscription.ts';
import { PlanCard } from './components/plan-card.tsx';
import { TierBadge } from './components/tier-badge.tsx';

const PORTAL_FAILURE: Record<PortalKind, string> = {
  'change-plan': MEMBERSHIP_MESSAGES.changePlanPortalFailed,
  cancel: MEMBERSHIP_MESSAGES.cancelPortalFailed,
  billing: MEMBERSHIP_MESSAGES.billingPortalFailed,
};

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'teal', CANCELLED: 'yellow', FAILED: 'red', ENDED: 'gray' };

function CurrentPlanPanel({
  account,
  onPortal,
  busy,
}: {
  account: AccountView;
  onPortal: (kind: PortalKind) => void;
  busy: PortalKind | null;
}) {
  const status = account.subscriptionStatus;
  const date = account.subscriptionExpiresAt ? formatLongDate(account.subscriptionExpiresAt) : '—';
  const portalButton = (kind: PortalKind, label: string, variant: 'filled' | 'default' | 'light' = 'default') => (
    <Button variant={variant} onClick={() => onPortal(kind)} loading={busy === kind} disabled={busy !== null}>
      {label}
    </Button>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="current-plan">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} fz="lg">
              {MEMBERSHIP_MESSAGES.currentPlan}
            </Title>
            <TierBadge tier={account.subscriptionTier} size="lg" />
          </Group>
          <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" size="lg" data-testid="subscription-status">
            {status}
          </Badge>
        </Group>
        {status === 'ACTIVE' && (
          <>
            <Text>
              Renews on <b>{date}</b>.
            </Text>
            <Group>
              {portalButton('change-plan', 'Change plan', 'filled')}
              {portalButton('cancel', 'Cancel subscription')}
            </Group>
          </>
        )}
        {status === 'CANCELLED' && (
          <>
            <Text>
              Ends on <b>{date}</b>.
            </Text>
            <Text size="sm" c="dimmed">
              Your plan stays active until then. You can resume it any time before it ends.
            </Text>
            <Group>
              {portalButton('billing', 'Resume subscription', 'filled')}
              {portalButton('change-plan', 'Change plan')}
            </Group>
          </>
        )}
        {status === 'FAILED' && (
          <>
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
              <Group justify="space-between" gap="sm">
                <Text fw={600}>{MEMBERSHIP_MESSAGES.paymentFailedBanner}</Text>
                <Button
                  variant="white"
                  color="red"
                  size="xs"
                  onClick={() => onPortal('billing')}
                  loading={busy === 'billing'}
                >
                  Update billing
                </Button>
              </Group>
            </Alert>
            <Text size="sm" c="dimmed">
              Free tickets and benefits are paused until the payment goes through.
            </Text>
          </>
        )}
        {status !== 'ACTIVE' && status !== 'CANCELLED' && status !== 'FAILED' && (
          <Text>
            Period ends on <b>{date}</b>.
          </Text>
        )}
        {status !== 'FAILED' && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => onPortal('billing')} disabled={busy !== null}>
              Billing details and invoices
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** /subscribe: plan comparison, the current plan panel by status, verification banners, portal links. */
export function SubscribePage() {
  const account = useMe();
  const start = useStartSubscription();
  const portal = useOpenPortal();
  const [choosing, setChoosing] = useState<PaidTier | null>(null);
  const [busyPortal, setBusyPortal] = useState<PortalKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function subscribe(tier: PaidTier) {
    setError(null);
    setChoosing(tier);
    try {
      const { url } = await start.mutateAsync(tier);
      window.location.assign(url);
    } catch (err) {
      setError(serverMessageOf(err) ?? MEMBERSHIP_MESSAGES.startFailed);
      setChoosing(null);
    }
  }

  async function openPortal(kind: PortalKind) {
    setError(null);
    setBusyPortal(kind);
    try {
      const { url } = await portal.mutateAsync(kind);
      window.location.assign(url);
    } catch (err) {
      setError(serverMessageOf(err) ?? PORTAL_FAILURE[kind]);
      setBusyPortal(null);
    }
  }

  if (account.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading your plan" />
      </Center>
    );
  }
  if (account.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" role="alert">
          {serverMessageOf(account.error) ?? MEMBERSHIP_MESSAGES.loadUserFailed}
        </Alert>
      </Container>
    );
  }

  const me = account.data;
  const hasTier = me.subscriptionTier !== 'NONE';
  const underage = me.verificationStatus === 'UNDERAGE';
  const canSubscribe = !hasTier && !underage;

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Membership" />
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 40 }}>
            Membership
          </Title>
          <Text c="dimmed" maw={640}>
            For artists, DJs and regulars: free standard tickets every year, features on our playlists and socials, and
            a way into the FourFour network. Billed monthly in GBP; cancel any time, effective at the end of the period.
          </Text>
        </Stack>

        {underage && (
          <Alert color="red" variant="filled" icon={<IconLock />} role="alert" data-testid="underage-banner">
            {MEMBERSHIP_MESSAGES.underageBanner}
          </Alert>
        )}
        {me.verificationStatus === 'PENDING' && (
          <Alert color="yellow" variant="light" icon={<IconHourglass />} data-testid="pending-banner">
            {MEMBERSHIP_MESSAGES.pendingBanner}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}

        {hasTier && <CurrentPlanPanel account={me} onPortal={openPortal} busy={busyPortal} />}

        <Stack gap="md">
          <Title order={2} fz="xl">
            {canSubscribe ? MEMBERSHIP_MESSAGES.choosePlan : 'Compare plans'}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {PAID_TIERS.map((tier) => (
              <PlanCard
                key={tier}
                tier={tier}
                popular={tier === MOST_POPULAR_TIER}
                current={me.subscriptionTier === tier}
                onSubscribe={canSubscribe ? () => subscribe(tier) : undefined}
                pending={choosing === tier}
                disabled={choosing !== null && choosing !== tier}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}
