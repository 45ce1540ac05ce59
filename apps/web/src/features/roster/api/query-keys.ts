import type { RosterCategory } from '@fourfour/shared/content';

/** Every query key of the talent roster (public page and admin editor). */
export const rosterKeys = {
  all: ['roster'] as const,
  admin: (category: RosterCategory) => [...rosterKeys.all, 'admin', category] as const,
  public: (category: RosterCategory) => [...rosterKeys.all, 'public', category] as const,
};
