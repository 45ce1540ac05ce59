import type { EventSummary } from '@fourfour/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The spec's purchase page finds its event in the public list (no detail call). */
export const getEventsForPurchase = () => api.get<EventSummary[]>('/api/events/list');
export const purchaseEventsQuery = () =>
  queryOptions({ queryKey: ['events', 'list'], queryFn: getEventsForPurchase, staleTime: 5_000 });
export function usePurchaseEvent(eventId: number) {
  return useQuery({ ...purchaseEventsQuery(), select: (list) => list.find((e) => e.id === eventId) ?? null });
}
