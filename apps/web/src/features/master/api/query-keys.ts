import type { MasterUsersParams } from './get-master-users.ts';

/** Every query key of the master pages. */
export const masterKeys = {
  all: ['master'] as const,
  /** Every page of the users table (a role change refreshes them all). */
  users: () => [...masterKeys.all, 'users'] as const,
  usersPage: (p: MasterUsersParams) => [...masterKeys.users(), p] as const,
  stats: () => [...masterKeys.all, 'stats'] as const,
};
