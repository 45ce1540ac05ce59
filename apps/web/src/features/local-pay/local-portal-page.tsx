import { PAID_TIERS, type PaidTier } from '@fourfour/shared/enums';
import { LOCAL_PORTAL_FLOWS, type LocalPortalAction, type LocalPortalFlow } from '@fourfour/shared/memberships';
import {
  Alert,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { formatGbp, formatLongDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useLocalPortal, useLocalPortalAction } from './api/local-portal.ts';

const STATUS_COLORS: Record<string, string> = { active: 'teal', past_due: 'red', canceled: 'gray' };

/**
 * /local-pay/portal?flow=update|cancel|billing: the built-in provider's billing portal. Change plan,
 * cancel at the period end, resume, or simulate the next renewal or a failed payment. No money moves.
 */
export function LocalPortalPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('flow') as LocalPortalFlow | null;
  const flow: LocalPortalFlow = requested && LOCAL_PORTAL_FLOWS.includes(requested) ? requested : 'billing';
  // A public route: wait for the session to be restored from the refresh cookie before asking.
  const session = useSession();
  const portal = useLocalPortal(session.status === 'authenticated');
  const action = useLocalPortalAction();
  const [tier, setTier] = useState<PaidTier | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);

  async function run(name: LocalPortalAction, done: string, body?: PaidTier) {
    setNotice(null);
    try {
      await action.mutateAsync({ action: name, tier: body });
      setNotice({ color: 'teal', text: done });
    } catch (err) {
      setNotice({ color: 'red', text: serverMessageOf(err) ?? 'Something went wrong. Please try again.' });
    }
  }

  const sub = portal.data?.subscription ?? null;
  const live = !!sub && sub.status !== 'canceled';
  const chosen = tier ?? sub?.tier ?? null;
  const busy = action.isPending;

  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Test billing portal" />
      <Stack gap="lg">
        <Alert color="yellow" variant="filled" icon={<IconFlask />} title="Test billing portal — no money moves">
          FourFour's built-in payment simulator stands in for the card provider's portal. Every change here reaches the
          app exactly as the provider's events would.
        </Alert>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Billing portal
        </Title>
        <SegmentedControl
          fullWidth
          value={flow}
          onChange={(value) => setParams({ flow: value }, { replace: true })}
          data={[
            { value: 'update', label: 'Change plan' },
            { value: 'cancel', label: 'Cancel' },
            { value: 'billing', label: 'Billing' },
          ]}
        />
        {session.status === 'anonymous' ? (
          <Alert color="yellow" variant="light">
            Please <Link to="/login">log in</Link> to manage your subscription.
          </Alert>
        ) : portal.isPending ? (
          <Loader aria-label="Loading your subscription" />
        ) : portal.isError ? (
          <Alert color="red" variant="light" role="alert">
            {serverMessageOf(portal.error) ?? 'Your billing details could not be loaded.'}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              {sub ? (
                <Group justify="space-between">
                  <Stack gap={2}>
                    <Text fw={700} fz="lg">
                      {sub.tier ?? 'Unknown'} plan
                    </Text>
                    <Text size="sm" c="dimmed">
                      {sub.status === 'canceled'
                        ? 'This subscription has ended.'
                        : sub.cancelAtPeriodEnd
                          ? `Ends on ${sub.currentPeriodEnd ? formatLongDate(sub.currentPeriodEnd) : '—'}`
                          : `Renews on ${sub.currentPeriodEnd ? formatLongDate(sub.currentPeriodEnd) : '—'}`}
                    </Text>
                  </Stack>
                  <Badge
                    color={
                      sub.cancelAtPeriodEnd && sub.status !== 'canceled'
                        ? 'yellow'
                        : (STATUS_COLORS[sub.status] ?? 'gray')
                    }
                    variant="light"
                    size="lg"
                    data-testid="portal-status"
                  >
                    {sub.cancelAtPeriodEnd && sub.status !== 'canceled'
                      ? 'cancels at period end'
                      : sub.status.replace('_', ' ')}
                  </Badge>
                </Group>
              ) : (
                <Text c="dimmed">No subscription yet.</Text>
              )}
              <Divider />

              {flow === 'update' && live && (
                <Stack gap="sm">
                  <Radio.Group value={chosen ?? ''} onChange={(v) => setTier(v as PaidTier)} label="Choose your plan">
                    <Stack gap="xs" mt="xs">
                      {PAID_TIERS.map((t) => {
                        const price = portal.data.plans.find((p) => p.tier === t)?.price ?? 0;
                        return (
                          <Radio
                            key={t}
                            value={t}
                            label={`${t} — ${formatGbp(price)} / month${t === sub?.tier ? ' (current)' : ''}`}
                          />
                        );
                      })}
                    </Stack>
                  </Radio.Group>
                  <Button
                    onClick={() => chosen && run('change-plan', `Your plan is now ${chosen}.`, chosen)}
                    disabled={busy || !chosen || chosen === sub?.tier}
                    loading={busy}
                  >
                    Confirm plan change
                  </Button>
                </Stack>
              )}

              {flow === 'cancel' && live && (
                <Stack gap="sm">
                  {sub?.cancelAtPeriodEnd ? (
                    <>
                      <Text>Your subscription is already set to end at the close of this period.</Text>
                      <Button onClick={() => run('resume', 'Your subscription will renew as usual.')} loading={busy}>
                        Resume subscription
                      </Button>
                    </>
                  ) : (
                    <>
                      <Text>
                        Cancelling stops the next renewal. Your plan stays active until the end of the period you paid
                        for.
                      </Text>
                      <Button color="red" onClick={() => run('cancel', 'Cancellation confirmed.')} loading={busy}>
                        Cancel at period end
                      </Button>
                    </>
                  )}
                </Stack>
              )}

              {flow === 'billing' && live && (
                <Stack gap="sm">
                  {sub?.status === 'past_due' && (
                    <Alert color="red" variant="light">
                      The last payment failed. Updating your card retries it.
                    </Alert>
                  )}
                  <Group grow>
                    {sub?.cancelAtPeriodEnd ? (
                      <Button onClick={() => run('resume', 'Your subscription will renew as usual.')} loading={busy}>
                        Resume subscription
                      </Button>
                    ) : (
                      <Button
                        variant="default"
                        onClick={() => run('cancel', 'Cancellation confirmed.')}
                        disabled={busy}
                      >
                        Cancel at period end
                      </Button>
                    )}
                  </Group>
                  <Text size="sm" fw={600} mt="sm">
                    Simulate
                  </Text>
                  <Group grow>
                    <Button
                      variant="light"
                      onClick={() =>
                        run(
                          'renew',
                          sub?.cancelAtPeriodEnd
                            ? 'The period ended: the subscription has ended.'
                            : 'Renewal paid: a new period started.',
                        )
                      }
                      disabled={busy}
                    >
                      {sub?.status === 'past_due' ? 'Update card and pay' : 'Simulate renewal'}
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      onClick={() => run('fail-payment', 'The renewal payment failed.')}
                      disabled={busy}
                    >
                      Simulate failed payment
                    </Button>
                  </Group>
                </Stack>
              )}

              {notice && (
                <Alert color={notice.color} variant="light" role="status">
                  {notice.text}
                </Alert>
              )}
              <Button component={Link} to={portal.data.returnUrl} variant="subtle">
                Return to FourFour
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
