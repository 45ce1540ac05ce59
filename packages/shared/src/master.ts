import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { ASSIGNABLE_ROLES, type Role, ROLES, SUBSCRIPTION_TIERS } from './enums.ts';
import {
  OffsetPage,
  PAGING_MESSAGES,
  pageQuery,
  parseSort,
  type SortDirection,
  type SortOptions,
  searchParam,
  sortParam,
} from './paging.ts';

/**
 * The master's desk: users and roles, and the platform statistics. Rules, sort whitelist and
 * messages shared by the API and the screens.
 */
export const MASTER_MESSAGES = {
  // Spec 02 §6 and §8, word for word.
  mustBeMaster: 'You must be a MASTER to view this page.',
  usersLoadFailed: 'Failed to load users.',
  statsLoadFailed: 'Failed to load stats.',
  roleUpdateFailed: 'Failed to update role.',
  noUsers: 'No users found.',
  // Ours: the spec locks these in the client and shows no wording.
  masterRoleLocked: "A MASTER's role cannot be changed.",
  ownRoleLocked: 'You cannot change your own role.',
  deletedUser: 'This account has been deleted; its role cannot be changed.',
  userNotFound: 'User not found.',
  pageSize: `Page size must be one of ${PAGE_SIZES.join(', ')}.`,
} as const;

/** Columns the users table may be sorted by (the API maps each to a fixed SQL expression). */
export const MASTER_USER_SORT_FIELDS = [
  'id',
  'email',
  'username',
  'role',
  'subscriptionTier',
  'subscriptionActive',
  'deleted',
] as const;
export type MasterUserSortField = (typeof MASTER_USER_SORT_FIELDS)[number];
export type { SortDirection };
export const DEFAULT_MASTER_USER_SORT = 'id,DESC';
/** Spec: default sort is id descending. */
export const MASTER_USER_SORT: SortOptions<MasterUserSortField> = {
  fields: MASTER_USER_SORT_FIELDS,
  default: DEFAULT_MASTER_USER_SORT,
};

export const SORT_MESSAGE = PAGING_MESSAGES.sort(MASTER_USER_SORT_FIELDS);

/** "email,ASC" → { field, direction }; null for anything outside the whitelist. */
export function parseUserSort(value: string): { field: MasterUserSortField; direction: SortDirection } | null {
  return parseSort(value, MASTER_USER_SORT);
}

/**
 * Why `actor` may not change `target`'s role, or null. Spec: a MASTER's role is locked and nobody
 * changes their own role. The screen locks the selector with the same rule.
 */
export function roleChangeLock(actor: { id: number }, target: { id: number; role: Role }): string | null {
  if (target.id === actor.id) return MASTER_MESSAGES.ownRoleLocked;
  if (target.role === 'MASTER') return MASTER_MESSAGES.masterRoleLocked;
  return null;
}

// ---------- request and response shapes ----------

/** Spec: page (from 0), size (10, 20, 50 or 100), sort as 'field,ASC|DESC', optional email. */
export const MasterUsersQuery = pageQuery(
  { sizes: PAGE_SIZES, message: MASTER_MESSAGES.pageSize },
  { sort: sortParam(MASTER_USER_SORT), email: searchParam(254) },
);
export type MasterUsersQuery = z.input<typeof MasterUsersQuery>;

export const MasterUserRow = z.object({
  id: z.number(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(ROLES),
  subscriptionActive: z.boolean(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  deleted: z.boolean(),
});
export type MasterUserRow = z.infer<typeof MasterUserRow>;

export const MasterUsersPage = OffsetPage(MasterUserRow);
export type MasterUsersPage = z.infer<typeof MasterUsersPage>;

export const ChangeRoleBody = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { message: `Role must be one of: ${ASSIGNABLE_ROLES.join(', ')}.` }),
});
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;

export const MasterStats = z.object({
  /** Instant the figures were computed. */
  generatedAt: z.string(),
  timezone: z.string(),
  /** YYYY-MM in APP_TIMEZONE. */
  currentMonth: z.string(),
  totals: z.object({
    users: z.number().int(),
    activeMembers: z.number().int(),
    /** Pounds a month: renewing subscriptions × plan price. */
    monthlyRecurringRevenue: z.number(),
    ticketRevenueThisMonth: z.number(),
    ticketsSoldThisMonth: z.number().int(),
    affiliateCommissionOwed: z.number(),
  }),
  membersByTier: z.array(
    z.object({
      tier: z.enum(['ENTRY', 'MIDDLE', 'HEADLINER']),
      members: z.number().int(),
      renewing: z.number().int(),
      monthlyRecurringRevenue: z.number(),
    }),
  ),
  /** Oldest first, 12 months ending with the current one. */
  ticketSalesByMonth: z.array(
    z.object({ month: z.string(), revenue: z.number(), ticketsSold: z.number().int(), freeTickets: z.number().int() }),
  ),
  topEvents: z.array(
    z.object({
      eventId: z.number(),
      title: z.string(),
      startsAt: z.string().nullable(),
      revenue: z.number(),
      ticketsSold: z.number().int(),
    }),
  ),
  usersByRole: z.array(z.object({ role: z.enum(ROLES), users: z.number().int() })),
  /** Oldest first, 12 weeks ending with the current one; weeks start on Monday (APP_TIMEZONE). */
  signupsByWeek: z.array(z.object({ weekStart: z.string(), signups: z.number().int() })),
  affiliateCommission: z.object({
    month: z.string(),
    total: z.number(),
    affiliates: z.array(
      z.object({
        id: z.number(),
        username: z.string().nullable(),
        totalTickets: z.number().int(),
        commissionEarned: z.number(),
        bonusEarned: z.number(),
      }),
    ),
  }),
});
export type MasterStats = z.infer<typeof MasterStats>;
