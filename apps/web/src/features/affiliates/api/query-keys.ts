/** Every query key of the affiliates feature (the caller's own code is in the account view: useMe). */
export const affiliatesKeys = {
  all: ['affiliate'] as const,
  /** Monthly sales: the caller's own (null) or another affiliate's. */
  sales: (affiliateId: number | null) => [...affiliatesKeys.all, 'sales', affiliateId ?? 'me'] as const,
  search: (q: string) => [...affiliatesKeys.all, 'search', q.trim()] as const,
};
