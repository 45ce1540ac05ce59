import { MEMBERSHIP_MESSAGES, type SubscriptionSuccessState, successStateOf } from '@fourfour/shared/memberships';
import { Badge, Button, Code, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconHelpCircle, IconHourglass } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { useSubscriptionCheckoutResult } from './api/get-checkout-result.ts';
import { TierBadge } from './components/tier-badge.tsx';

const STATES: Record<SubscriptionSuccessState, { heading: string; chip: string; color: string; message: string }> = {
  LOADING: {
    heading: 'Confirming your subscription',
    chip: 'Checking',
    color: 'gray',
    message: 'One moment while we confirm your payment with the provider.',
  },
  ACTIVE: {
    heading: 'Welcome aboard!',
    chip: 'Active',
    color: 'teal',
    message: 'Your plan is active. We have emailed you a confirmation.',
  },
  PENDING: { heading: 'Almost there', chip: 'Pending', color: 'yellow', message: MEMBERSHIP_MESSAGES.checkoutPending },
  UNKNOWN: {
    heading: 'Subscription status unknown',
    chip: 'Unknown',
    color: 'gray',
    message: MEMBERSHIP_MESSAGES.checkoutUnknown,
  },
};

const ICONS = { LOADING: Loader, ACTIVE: IconCircleCheck, PENDING: IconHourglass, UNKNOWN: IconHelpCircle };

/** /subscription/success: the result after paying, from the session id (which leaves the address bar). */
export function SubscriptionSuccessPage() {
  const [params, setParams] = useSearchParams();
  // Read once: the session id is then removed from the address bar.
  const [sessionId] = useState(() => params.get('session_id'));
  const debug = params.get('debug') === '1';
  const showId =
    !!sessionId && (debug || window.location.hostname === 'localhost' || window.location.hostname === '127.0.0.1');
  const result = useSubscriptionCheckoutResult(sessionId);

  useEffect(() => {
    if (params.has('session_id')) {
      const next = new URLSearchParams(params);
      next.delete('session_id');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const state: SubscriptionSuccessState = !sessionId
    ? 'ACTIVE'
    : result.isPending
      ? 'LOADING'
      : result.isError
        ? 'UNKNOWN'
        : successStateOf(result.data.status);
  const view = STATES[state];
  const Icon = ICONS[state];
  const tier = result.data?.tier ?? null;

  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 64 }}>
      <PageTitle title="Subscription result" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg" align="center" ta="center">
          {state === 'LOADING' ? (
            <Loader size="lg" aria-label="Checking your subscription" />
          ) : (
            <Icon size={56} color={`var(--mantine-color-${view.color}-5)`} aria-hidden="true" />
          )}
          <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="subscription-result-heading">
            {view.heading}
          </Title>
          <Group gap="sm" justify="center">
            <Badge color={view.color} variant="light" size="lg" data-testid="subscription-result-chip">
              {view.chip}
            </Badge>
            {tier && <TierBadge tier={tier} size="lg" />}
          </Group>
          <Text c="dimmed" maw={460}>
            {view.message}
          </Text>
          {showId && (
            <Text size="xs" c="dimmed">
              Session <Code>{sessionId}</Code>
            </Text>
          )}
          <Group justify="center">
            <Button component={Link} to="/events">
              Explore events
            </Button>
            <Button component={Link} to="/subscribe" variant="default">
              Manage subscription
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
