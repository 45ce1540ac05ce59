import { z } from 'zod';
import { PLAN_PRICES_GBP } from './constants.ts';
import {
  PAID_TIERS,
  type PaidTier,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
  VERIFICATION_STATUSES,
} from './enums.ts';
import {
  OffsetPage,
  pageQuery,
  type SortDirection,
  type SortOptions,
  searchParam,
  sortOrDefault,
  sortParam,
} from './paging.ts';

/**
 * Memberships: plans, subscription status, age verification and benefits. The messages of spec 02
 * appear here once, word for word; the others are ours (the spec shows no wording for them).
 */
export const MEMBERSHIP_MESSAGES = {
  // Spec 02 §2 and §8, word for word.
  underageBanner: 'Access is disabled due to age verification failure.',
  pendingBanner: 'Your age verification is pending. You can still subscribe—benefits unlock once verified.',
  paymentFailedBanner: 'Subscription payment failed.',
  choosePlan: 'Choose a plan',
  currentPlan: 'Current plan',
  mostPopular: 'Most popular',
  startFailed: 'Failed to start subscription.',
  loadUserFailed: 'Failed to load user data.',
  changePlanPortalFailed: 'Failed to open change-plan portal.',
  cancelPortalFailed: 'Failed to open cancel portal.',
  billingPortalFailed: 'Failed to open billing portal.',
  verifyFailed: 'Failed to verify user.',
  underageFailed: 'Failed to mark as underage.',
  loadUsersFailed: 'Failed to load users.',
  noPendingUsers: 'No users pending verification.',
  confirmVerify: 'Confirm age verification?',
  confirmUnderage: 'Mark this user as underage and disable them?',
  adminOnly: 'You must be an ADMIN or MASTER to view this page.',
  loadSubscribersFailed: 'Failed to load subscribers.',
  loadBenefitsFailed: 'Failed to load benefits for user.',
  updateBenefitFailed: 'Failed to update benefit.',
  selectSubscriber: 'Select a subscriber to manage benefits.',
  noMatches: 'No matches.',
  noBenefitsInGroup: 'No benefits in this group.',
  checkoutCanceledHeading: 'Checkout Canceled',
  noCharge: 'No charge',
  // The spec gives the beginning of this one; the rest is ours.
  checkoutPending:
    "We received your checkout, but it's not fully confirmed yet... This page will show your plan once the payment is confirmed; we'll also email you.",
  // Spec: "unknown and verify-failure messages suggest checking email or contacting support".
  checkoutUnknown:
    "We couldn't confirm your subscription yet. Please check your email for a confirmation, or contact support if nothing arrives.",
  // Server rules the spec leaves open (DESIGN.md and docs/decisions.md).
  alreadySubscribed:
    'You already have a subscription. Use Change plan to switch plans, or manage it from the billing portal.',
  noSubscription: 'You have no subscription to manage.',
  alreadyCancelled: 'Your subscription is already set to end at the close of this period.',
  noBillingAccount: 'You have no billing account yet. Choose a plan first.',
  plansNotConfigured: 'Plans are not available right now. Please try again later.',
  checkoutNotFound: 'Subscription checkout not found.',
  userNotFound: 'User not found.',
  notPending: 'This user is not waiting for verification.',
  alreadyUnderage: 'This user is already marked as underage.',
  benefitNotFound: 'Benefit not found.',
  benefitsLocked: 'Benefits unlock once the member is verified and their subscription is active.',
  buyingBlocked: 'Access is disabled due to age verification failure.',
  badSort: 'Unknown sort. Use field,ASC or field,DESC with one of: ',
} as const;

export const PLAN_FREE_TICKETS_TEXT: Record<PaidTier, string> = {
  ENTRY: '4 free standard tickets a year',
  MIDDLE: '9 free standard tickets a year',
  HEADLINER: 'Unlimited free standard tickets',
};
export const MOST_POPULAR_TIER: PaidTier = 'MIDDLE';

export const planPriceGbp = (tier: PaidTier): number => PLAN_PRICES_GBP[tier];
export const planPricePence = (tier: PaidTier): number => Math.round(PLAN_PRICES_GBP[tier] * 100);

// ---------- benefits ----------

/** Spec 02 §3: benefit types by tier. */
export const BENEFITS_BY_TIER = {
  ENTRY: ['EVENT_ACCESS', 'PLAYLIST_FEATURE', 'SOCIAL_REEL', 'TOP_5_FEATURE', 'TALENT_ROSTER'],
  MIDDLE: ['PLAYLIST_FEATURE_SECOND', 'SOCIAL_POST', 'LARGER_EVENT_INVITE', 'NETWORK_EVENT_ACCESS'],
  HEADLINER: [
    'HEADLINE_OPPORTUNITIES',
    'CUSTOM_PROMOTION',
    'CAREER_GUIDANCE',
    'STUDIO_SESSION_MONTHLY',
    'DJ_LIVESTREAM',
  ],
} as const satisfies Record<PaidTier, readonly string[]>;

export const BENEFIT_LABELS: Record<string, string> = {
  EVENT_ACCESS: 'Event access',
  PLAYLIST_FEATURE: 'Playlist feature',
  SOCIAL_REEL: 'Social reel',
  TOP_5_FEATURE: 'Top 5 feature',
  TALENT_ROSTER: 'Talent roster listing',
  PLAYLIST_FEATURE_SECOND: 'Second playlist feature',
  SOCIAL_POST: 'Social post',
  LARGER_EVENT_INVITE: 'Larger event invite',
  NETWORK_EVENT_ACCESS: 'Network event access',
  HEADLINE_OPPORTUNITIES: 'Headline opportunities',
  CUSTOM_PROMOTION: 'Custom promotion',
  CAREER_GUIDANCE: 'Career guidance',
  STUDIO_SESSION_MONTHLY: 'Monthly studio session',
  DJ_LIVESTREAM: 'DJ livestream',
  // The legacy type the spec still labels.
  STUDIO_SESSION: 'Studio session',
};

export const benefitLabel = (type: string): string => BENEFIT_LABELS[type] ?? type.replace(/_/g, ' ').toLowerCase();

/** DESIGN.md: benefits are cumulative — a tier gets its own and every lower tier's. */
export function benefitsForTier(tier: SubscriptionTier): { tier: PaidTier; benefitType: string }[] {
  if (tier === 'NONE') return [];
  const upTo = PAID_TIERS.indexOf(tier);
  return PAID_TIERS.slice(0, upTo + 1).flatMap((t) =>
    BENEFITS_BY_TIER[t].map((benefitType) => ({ tier: t, benefitType })),
  );
}

// ---------- requests and responses ----------

export const PaidTierSchema = z.enum(PAID_TIERS, { message: 'Choose ENTRY, MIDDLE or HEADLINER.' });

export const SubscribeQuery = z.object({ tier: PaidTierSchema });

export const SubscriptionCheckoutResult = z.object({
  /** The provider's subscription status (active, trialing, incomplete, ...), or the session's state. */
  status: z.string(),
  tier: z.enum(PAID_TIERS).nullable(),
});
export type SubscriptionCheckoutResult = z.infer<typeof SubscriptionCheckoutResult>;

/** Spec: the success page's state from the returned status. */
export type SubscriptionSuccessState = 'LOADING' | 'ACTIVE' | 'PENDING' | 'UNKNOWN';
export function successStateOf(status: string | null | undefined): SubscriptionSuccessState {
  if (status === 'active' || status === 'trialing') return 'ACTIVE';
  if (status === 'incomplete' || status === 'requires_payment_method') return 'PENDING';
  return 'UNKNOWN';
}

/** The spec's paged response (one shape for every offset list: `@fourfour/shared/paging`). */
export const Paged = OffsetPage;

export const PendingVerificationUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  birthDate: z.string(),
  subscriptionStartDate: z.string().nullable(),
});
export type PendingVerificationUser = z.infer<typeof PendingVerificationUser>;
/** GET /api/admin/verification/pending. */
export const PendingVerificationPage = Paged(PendingVerificationUser);

/** Spec: page (zero-based), optional subscriptionTier; oldest subscription first. */
export const PendingVerificationQuery = pageQuery(
  {},
  { subscriptionTier: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAID_TIERS).optional()) },
);

export const VerificationResult = z.object({
  id: z.number().int(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
});

/** Sortable columns of the subscriber table (the whitelist). */
export const SUBSCRIBER_SORT_FIELDS = [
  'id',
  'email',
  'username',
  'subscriptionTier',
  'subscriptionStatus',
  'verificationStatus',
  'subscriptionStartDate',
  'subscriptionExpiresAt',
] as const;
export type SubscriberSortField = (typeof SUBSCRIBER_SORT_FIELDS)[number];
export type { SortDirection };
export const DEFAULT_SUBSCRIBER_SORT = 'id,DESC';
export const SUBSCRIBER_SORT: SortOptions<SubscriberSortField> = {
  fields: SUBSCRIBER_SORT_FIELDS,
  default: DEFAULT_SUBSCRIBER_SORT,
  directionOptional: true,
};
export const SUBSCRIBER_SORT_MESSAGE = `${MEMBERSHIP_MESSAGES.badSort}${SUBSCRIBER_SORT_FIELDS.join(', ')}.`;

/** "field,ASC" / "field,DESC" (absent or empty: id,DESC); null when not on the whitelist. */
export function parseSubscriberSort(
  value: string | undefined,
): { field: SubscriberSortField; direction: SortDirection } | null {
  return sortOrDefault(value, SUBSCRIBER_SORT);
}

/** Spec: page, size, sort, optional email. */
export const SubscribersQuery = pageQuery(
  {},
  { sort: sortParam(SUBSCRIBER_SORT, SUBSCRIBER_SORT_MESSAGE), email: searchParam(254) },
);

export const SubscriberRow = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  subscriptionStartDate: z.string().nullable(),
  subscriptionExpiresAt: z.string().nullable(),
  benefitsDelivered: z.number().int(),
  benefitsTotal: z.number().int(),
});
export type SubscriberRow = z.infer<typeof SubscriberRow>;
/** GET /api/admin/benefits/subscribers. */
export const SubscribersPage = Paged(SubscriberRow);

export const BenefitRecord = z.object({
  id: z.number().int(),
  benefitType: z.string(),
  /** The tier group the benefit belongs to. */
  tier: z.enum(PAID_TIERS),
  delivered: z.boolean(),
  deliveredAt: z.string().nullable(),
});
export type BenefitRecord = z.infer<typeof BenefitRecord>;
/** GET /api/admin/benefits/user/{id}. */
export const BenefitRecordList = z.array(BenefitRecord);

export const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---------- the local provider's billing portal ----------

export const LOCAL_PORTAL_FLOWS = ['update', 'cancel', 'billing'] as const;
export type LocalPortalFlow = (typeof LOCAL_PORTAL_FLOWS)[number];

export const LocalPortalView = z.object({
  customerId: z.string(),
  subscription: z
    .object({
      id: z.string(),
      tier: z.enum(PAID_TIERS).nullable(),
      /** The provider's status: active, past_due, canceled. */
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  plans: z.array(z.object({ tier: z.enum(PAID_TIERS), price: z.number() })),
  returnUrl: z.string(),
});
export type LocalPortalView = z.infer<typeof LocalPortalView>;

export const LOCAL_PORTAL_ACTIONS = ['change-plan', 'cancel', 'resume', 'renew', 'fail-payment'] as const;
export type LocalPortalAction = (typeof LOCAL_PORTAL_ACTIONS)[number];
export const LocalPortalActionBody = z.object({ tier: z.enum(PAID_TIERS).optional() });
