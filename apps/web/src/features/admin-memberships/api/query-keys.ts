import type { PaidTier } from '@fourfour/shared/enums';
import type { SubscriberQuery } from './benefits.ts';

/** Every query key of the admin membership pages (subscribers, benefits, verification). */
export const adminMembershipsKeys = {
  all: ['admin-memberships'] as const,
  subscribers: (q: SubscriberQuery) => [...adminMembershipsKeys.all, 'subscribers', q] as const,
  benefits: (userId: number | null) => [...adminMembershipsKeys.all, 'benefits', userId] as const,
  pending: (page: number, tier: PaidTier | null) => [...adminMembershipsKeys.all, 'verification', page, tier] as const,
};
