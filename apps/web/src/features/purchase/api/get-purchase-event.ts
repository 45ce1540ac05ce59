import { useQuery } from '@tanstack/react-query';
import { eventsListQuery } from '../../events/index.ts';

/** The spec's purchase page finds its event in the public list (no detail call): the events feature's query. */
export function usePurchaseEvent(eventId: number) {
  return useQuery({ ...eventsListQuery(), select: (list) => list.find((e) => e.id === eventId) ?? null });
}
