import { Alert, Button, Container, Divider, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { LocalCheckoutView } from '@fourfour/shared/tickets';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { formatDateTime, formatGbp } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useFinishLocalCheckout, useLocalCheckout } from './api/local-checkout.ts';

/** What the page says about the time left and a session that is over, for tickets or a plan. */
function wordingOf(view: LocalCheckoutView) {
  if (view.mode === 'subscription') {
    return {
      open: `Your plan starts when you pay: ${formatGbp(view.amountTotal)} a month, renewing monthly until you cancel. This checkout is open until ${formatDateTime(view.expiresAt)}.`,
      ended: 'This checkout has ended. No plan was started and nothing was charged.',
    };
  }
  return {
    open: `Pay before ${formatDateTime(view.expiresAt)}, when your reservation ends.`,
    ended: 'This checkout has ended. Your reservation was released.',
  };
}

/** The built-in provider's hosted checkout page: a simulation, clearly labelled, with Pay and Cancel. */
export function LocalCheckoutPage() {
  const sessionId = useParams().sessionId ?? '';
  const location = useLocation();
  // A public route: wait for the session to be restored from the refresh cookie before asking.
  const auth = useSession();
  const session = useLocalCheckout(sessionId, auth.status === 'authenticated');
  const finish = useFinishLocalCheckout();
  const [error, setError] = useState<string | null>(null);

  async function act(action: 'complete' | 'cancel') {
    try {
      const { url } = await finish.mutateAsync({ id: sessionId, action });
      window.location.assign(url);
    } catch (err) {
      setError(serverMessageOf(err) ?? 'Something went wrong. Please try again.');
    }
  }

  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Test checkout" />
      <Stack gap="lg">
        <Alert color="yellow" variant="filled" icon={<IconFlask />} title="Test checkout — no money moves">
          This is FourFour's built-in payment simulator, used because no card provider is configured. No card is needed
          and nothing is charged. Pay confirms the order exactly as a real payment would.
        </Alert>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {session.data?.displayName ?? 'Checkout'}
        </Title>
        {auth.status === 'anonymous' ? (
          <Alert color="yellow" variant="light">
            Please{' '}
            <Link to="/login" state={{ from: `${location.pathname}${location.search}` }}>
              log in
            </Link>{' '}
            to continue this checkout.
          </Alert>
        ) : session.isPending ? (
          <Loader aria-label="Loading the checkout" />
        ) : session.isError ? (
          <Alert color="red" variant="light" role="alert">
            {serverMessageOf(session.error) ?? 'This checkout could not be found.'}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Table verticalSpacing="sm">
                <Table.Tbody>
                  {session.data.lineItems.map((item) => (
                    <Table.Tr key={`${item.name}-${item.unitAmount}`}>
                      <Table.Td>
                        <Text fw={600}>{item.name}</Text>
                        <Text size="sm" c="dimmed">
                          {item.quantity} × {formatGbp(item.unitAmount)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatGbp(item.unitAmount * item.quantity)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Divider />
              <Group justify="space-between">
                <Text fw={700} fz="lg">
                  Total
                </Text>
                <Text fw={700} fz="lg" data-testid="local-checkout-total">
                  {formatGbp(session.data.amountTotal)}
                </Text>
              </Group>
              {session.data.status === 'open' ? (
                <>
                  <Text size="sm" c="dimmed">
                    {wordingOf(session.data).open}
                  </Text>
                  <Group grow>
                    <Button variant="default" onClick={() => act('cancel')} disabled={finish.isPending}>
                      Cancel
                    </Button>
                    <Button onClick={() => act('complete')} loading={finish.isPending}>
                      Pay {formatGbp(session.data.amountTotal)}
                    </Button>
                  </Group>
                </>
              ) : (
                <Alert color={session.data.status === 'complete' ? 'teal' : 'gray'} variant="light">
                  {session.data.status === 'complete' ? (
                    <>
                      This checkout is already paid. <a href={session.data.successUrl}>See the result</a>.
                    </>
                  ) : (
                    wordingOf(session.data).ended
                  )}
                </Alert>
              )}
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
