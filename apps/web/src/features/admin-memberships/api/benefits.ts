import { BenefitRecord, BenefitRecordList, SubscribersPage } from '@fourfour/shared/memberships';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminMembershipsKeys } from './query-keys.ts';

export interface SubscriberQuery {
  page: number;
  size: number;
  sort: string;
  email: string;
}

/** GET /api/admin/benefits/subscribers?page&size&sort=field,DIR&email */
export const getSubscribers = (q: SubscriberQuery) =>
  api.get('/api/admin/benefits/subscribers', {
    query: { page: q.page, size: q.size, sort: q.sort, email: q.email.trim() || undefined },
    schema: SubscribersPage,
  });
export const useSubscribers = (q: SubscriberQuery) =>
  useQuery({
    queryKey: adminMembershipsKeys.subscribers(q),
    queryFn: () => getSubscribers(q),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/admin/benefits/user/{id} */
export const getUserBenefits = (userId: number) =>
  api.get(`/api/admin/benefits/user/${userId}`, { schema: BenefitRecordList });
export const useUserBenefits = (userId: number | null) =>
  useQuery({
    queryKey: adminMembershipsKeys.benefits(userId),
    queryFn: () => getUserBenefits(userId ?? 0),
    enabled: userId !== null,
    retry: false,
  });

/** POST /api/admin/benefits/deliver/{id} | undeliver/{id} */
export const setBenefitDelivered = (input: { id: number; delivered: boolean }) =>
  api.post(`/api/admin/benefits/${input.delivered ? 'deliver' : 'undeliver'}/${input.id}`, undefined, {
    schema: BenefitRecord,
  });
export function useSetBenefitDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBenefitDelivered,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembershipsKeys.all }),
  });
}
