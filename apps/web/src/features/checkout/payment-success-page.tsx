import {
  CHECKOUT_RESULT_TITLES,
  type CheckoutState,
  FREE_TICKETS_ISSUED_MESSAGE,
  TICKET_MESSAGES,
} from '@fourfour/shared/tickets';
import { Badge, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconReceiptRefund } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { useCheckoutResult } from './api/get-checkout-result.ts';

type Shown = 'LOADING' | 'UNKNOWN' | Exclude<CheckoutState, 'PENDING'>;

const LOOK: Record<Shown, { colour: string; icon: ReactNode; badge?: string }> = {
  LOADING: { colour: 'gray', icon: <Loader size={28} color="gray" /> },
  FULFILLED: { colour: 'teal', icon: <IconCircleCheck size={36} />, badge: 'Paid' },
  REFUNDED_TIMEOUT: { colour: 'orange', icon: <IconReceiptRefund size={36} />, badge: 'Refund Issued' },
  TIMEOUT_REFUND_TRIGGERED: { colour: 'orange', icon: <IconReceiptRefund size={36} />, badge: 'Refund pending' },
  UNKNOWN: { colour: 'yellow', icon: <IconAlertTriangle size={36} /> },
};

/** /payment-success: the checkout result (spec: LOADING, FULFILLED, the two refund states, UNKNOWN, free=1). */
export function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const isFree = search.get('free') === '1';
  const sessionId = isFree ? null : search.get('session_id');
  const result = useCheckoutResult(sessionId);

  let shown: Shown;
  let message: string;
  if (isFree) {
    shown = 'FULFILLED';
    message = FREE_TICKETS_ISSUED_MESSAGE;
  } else if (!sessionId || result.isError) {
    shown = 'UNKNOWN';
    message = TICKET_MESSAGES.checkoutVerifyFailed;
  } else if (result.isPending || result.data.state === 'PENDING') {
    shown = 'LOADING';
    message = result.data?.message ?? 'Confirming your payment…';
  } else {
    shown = result.data.state;
    message = result.data.message;
  }
  const look = LOOK[shown];
  const title = CHECKOUT_RESULT_TITLES[shown];

  return (
    <Container size="sm" px="md" py={{ base: 'xl', sm: 64 }}>
      <PageTitle title={title} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="checkout-result" data-state={shown}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={look.colour}>
            {look.icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {shown === 'REFUNDED_TIMEOUT' && <Text fw={600}>Refund Issued</Text>}
          {look.badge && shown !== 'REFUNDED_TIMEOUT' && (
            <Badge color={look.colour} variant="filled" size="lg">
              {look.badge}
            </Badge>
          )}
          <Text c="dark.1" maw={440} role="status">
            {message}
          </Text>
          <Group justify="center" mt="sm">
            {(shown === 'FULFILLED' || shown === 'UNKNOWN') && (
              <Button component={Link} to="/account#tickets">
                View my tickets
              </Button>
            )}
            <Button component={Link} to="/events" variant="default">
              Browse events
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
