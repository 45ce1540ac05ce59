import { freeTicketBlocker } from '@fourfour/shared/ticket-rules';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ticketSchemas } from '../../../lib/lazy-schemas.ts';
import { useMe } from '../../account/index.ts';
import { freeTicketUsageQuery } from '../../tickets/index.ts';
import { purchaseKeys } from './query-keys.ts';

/** GET /api/tickets/event-usage?eventId= → whether the caller already took a free ticket for it. */
export const getEventUsage = (eventId: number) =>
  api.get('/api/tickets/event-usage', {
    query: { eventId },
    schema: () => ticketSchemas().then((m) => m.EventUsageResponse),
  });

/** The rule is decided on current facts: each is asked again when the page opens. */
const CURRENT = { refetchOnMount: 'always' } as const;

/**
 * Whether this user may take a free STANDARD ticket for the event, as the message to show when not
 * (the same rule the server enforces): account, yearly usage and this event's usage together.
 * `data` is undefined until all three have answered since the page opened (or when one failed).
 */
export function useFreeTicketBlocker(eventId: number): { data: string | null | undefined } {
  const me = useMe(CURRENT);
  const usage = useQuery({ ...freeTicketUsageQuery(), ...CURRENT });
  const event = useQuery({
    queryKey: purchaseKeys.eventUsage(eventId),
    queryFn: () => getEventUsage(eventId),
    ...CURRENT,
  });
  const current = [me, usage, event].every((q) => q.isFetchedAfterMount && q.isSuccess && !q.isFetching);
  if (!current || !me.data || !usage.data || !event.data) return { data: undefined };
  return {
    data: freeTicketBlocker({
      tier: me.data.subscriptionTier,
      subscriptionStatus: me.data.subscriptionStatus,
      subscriptionExpiresAt: me.data.subscriptionExpiresAt,
      verificationStatus: me.data.verificationStatus,
      usedThisYear: usage.data.used,
      hasFreeForEvent: event.data.hasFreeForEvent,
    }),
  };
}
