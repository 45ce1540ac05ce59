import { TICKET_MESSAGES } from '@fourfour/shared/ticket-rules';
import type { ReserveResponse } from '@fourfour/shared/tickets';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatGbp } from '../../../lib/format.ts';
import { hasMixedPrices } from '../release-rules.ts';

/** mm:ss until the hold ends. */
function useCountdown(until: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * The hold after Reserve: the time left, the way to pay, and the server's prices: each ticket's when
 * the order crosses from one release into the next, and the new total when it is not the one the
 * form showed (a release sold out meanwhile).
 */
export function ReservationPanel({
  eventId,
  reservation,
  quotedTotal,
  releaseName,
  continuing,
  onContinue,
}: {
  eventId: number;
  reservation: ReserveResponse;
  quotedTotal: number;
  releaseName: (id: number | null) => string | undefined;
  continuing: boolean;
  onContinue: () => void;
}) {
  const countdown = useCountdown(reservation.expiresAt);
  const holdOver = countdown === '0:00';
  const pence = (pounds: number) => Math.round(pounds * 100);
  return (
    <Alert
      color={holdOver ? 'red' : 'teal'}
      variant="light"
      title={holdOver ? 'Reservation expired' : 'Tickets reserved'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {holdOver
            ? TICKET_MESSAGES.reservationExpired
            : `We are holding your tickets for ${countdown}. Pay before the time runs out.`}
        </Text>
        {pence(reservation.totalAmount) !== pence(quotedTotal) && (
          <Text size="sm" fw={600}>
            The prices changed while you were choosing: your total is now {formatGbp(reservation.totalAmount)}.
          </Text>
        )}
        {hasMixedPrices(reservation.tickets) && (
          <Stack gap={4} data-testid="reserved-prices">
            <Text size="sm">Your tickets come from more than one release:</Text>
            <List size="sm" spacing={2}>
              {reservation.tickets.map((t, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's tickets are in the order sent and never move
                <List.Item key={i}>
                  {[
                    `Ticket ${i + 1}`,
                    t.ticketType === 'VIP' ? 'VIP' : 'Standard',
                    releaseName(t.releaseId),
                    formatGbp(t.price),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group>
          {holdOver ? (
            <Button component={Link} to={`/purchase/${eventId}`} reloadDocument variant="default">
              Start again
            </Button>
          ) : (
            <Button size="md" onClick={onContinue} loading={continuing}>
              {reservation.totalAmount === 0 ? 'Get my free tickets' : 'Continue to payment'}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
