import { AdminOrderDetail } from '@fourfour/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminOrdersKeys } from './query-keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An order id the API could answer (the page shows "not found" for anything else, without asking). */
export const isOrderId = (id: string | undefined): id is string => Boolean(id && UUID.test(id));

/** GET /api/admin/orders/{id}: the order, its tickets and its history. */
export const getAdminOrder = (id: string) =>
  api.get(`/api/admin/orders/${encodeURIComponent(id)}`, { schema: AdminOrderDetail });

export const adminOrderQuery = (id: string) =>
  queryOptions({ queryKey: adminOrdersKeys.detail(id), queryFn: () => getAdminOrder(id) });

export function useAdminOrder(id: string | undefined) {
  return useQuery({ ...adminOrderQuery(id ?? ''), enabled: isOrderId(id) });
}
