import { BenefitRecord, Paged, SubscriberRow } from '@fourfour/shared/memberships';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

const SubscriberPage = Paged(SubscriberRow);

export interface SubscriberQuery {
  page: number;
  size: number;
  sort: string;
  email: string;
}

/** GET /api/admin/benefits/subscribers?page&size&sort=field,DIR&email */
export const getSubscribers = async (q: SubscriberQuery) =>
  SubscriberPage.parse(
    await api.get('/api/admin/benefits/subscribers', {
      query: { page: q.page, size: q.size, sort: q.sort, email: q.email.trim() || undefined },
    }),
  );
export const useSubscribers = (q: SubscriberQuery) =>
  useQuery({
    queryKey: ['admin', 'subscribers', q],
    queryFn: () => getSubscribers(q),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/admin/benefits/user/{id} */
export const getUserBenefits = async (userId: number) =>
  z.array(BenefitRecord).parse(await api.get(`/api/admin/benefits/user/${userId}`));
export const useUserBenefits = (userId: number | null) =>
  useQuery({
    queryKey: ['admin', 'benefits', userId],
    queryFn: () => getUserBenefits(userId ?? 0),
    enabled: userId !== null,
    retry: false,
  });

/** POST /api/admin/benefits/deliver/{id} | undeliver/{id} */
export const setBenefitDelivered = async (input: { id: number; delivered: boolean }) =>
  BenefitRecord.parse(await api.post(`/api/admin/benefits/${input.delivered ? 'deliver' : 'undeliver'}/${input.id}`));
export function useSetBenefitDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBenefitDelivered,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
