import { useMe } from '../../account/index.ts';

/** The caller's code if they have one (from the account view, GET /api/account/me; null until generated). */
export const useMyAffiliateCode = () => useMe({ select: (me) => me.affiliateCode ?? null });
