import { AccountView } from '@fourfour/shared/auth';
import { EventUsageResponse, FreeTicketUsage, freeTicketBlocker } from '@fourfour/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Whether this user may take a free STANDARD ticket for the event, as the message to show when not
 * (the same rule the server enforces): account, yearly usage and this event's usage together.
 */
export async function getFreeTicketBlocker(eventId: number): Promise<string | null> {
  const [me, usage, event] = await Promise.all([
    api.get('/api/account/me').then((b) => AccountView.parse(b)),
    api.get('/api/account/free-tickets').then((b) => FreeTicketUsage.parse(b)),
    api.get('/api/tickets/event-usage', { query: { eventId } }).then((b) => EventUsageResponse.parse(b)),
  ]);
  return freeTicketBlocker({
    tier: me.subscriptionTier,
    subscriptionStatus: me.subscriptionStatus,
    subscriptionExpiresAt: me.subscriptionExpiresAt,
    verificationStatus: me.verificationStatus,
    usedThisYear: usage.used,
    hasFreeForEvent: event.hasFreeForEvent,
  });
}
export const useFreeTicketBlocker = (eventId: number) =>
  useQuery({ queryKey: ['tickets', 'free-blocker', eventId], queryFn: () => getFreeTicketBlocker(eventId) });
