import { AdminOrdersPage, type OrderStatus } from '@fourfour/shared/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export interface AdminOrdersFilter {
  eventId?: number;
  /** Sent only when long enough to search (ORDER_SEARCH_MIN); the page decides. */
  q?: string;
  status?: OrderStatus;
}

/** GET /api/admin/orders: newest first, a page at a time (cursor null: the first page). */
export const getAdminOrders = (filter: AdminOrdersFilter, cursor: string | null) =>
  api.get('/api/admin/orders', {
    query: { size: ADMIN_ORDERS_PAGE_SIZE, cursor: cursor ?? undefined, ...filter },
    schema: AdminOrdersPage,
  });

export const adminOrdersQuery = (filter: AdminOrdersFilter) =>
  infiniteQueryOptions({
    queryKey: adminOrdersKeys.list(filter),
    queryFn: ({ pageParam }) => getAdminOrders(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAdminOrders(filter: AdminOrdersFilter) {
  return useInfiniteQuery(adminOrdersQuery(filter));
}
